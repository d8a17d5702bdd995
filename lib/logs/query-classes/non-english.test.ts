import { describe, expect, it } from "vitest";
import { isNonEnglishQuery } from "./non-english";
import { toQueryText } from "./query-text";

describe("isNonEnglishQuery", () => {
  it.each([
    "festplatte wird nicht erkannt",
    "wie richte ich snapshots ein",
    "como actualizar el firmware",
    "que es una linea de credito",
    "partage smb windows 11 ne fonctionne pas",
    "het werkt niet",
    "ошибка диска",
    "硬盘 错误",
  ])("recognizes %s", (text) => {
    expect(isNonEnglishQuery(toQueryText(text))).toBe(true);
  });

  it.each([
    "de la hoya",
    "la quinta hotels",
    "van der waals force",
    "die hard",
    "error e-4012 disco no detectado",
    "how to use the de la cruz method",
    "raid 5 rebuild slow",
    "café",
    "4012",
  ])("rejects %s", (text) => {
    expect(isNonEnglishQuery(toQueryText(text))).toBe(false);
  });
});
