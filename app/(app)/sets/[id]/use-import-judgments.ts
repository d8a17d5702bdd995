import { useRouter } from "next/navigation";
import { type FormEvent, useState } from "react";
import { type ImportProblems, readImportProblems } from "@/components/sets/import-problems";

export type ImportedJudgments = { queries: number; newQueries: number; labels: number; unchanged: number };

/**
 * Posts the judgments form to /api/sets/{setId}/judgments and keeps what came back: a failure
 * message, the list of problems of a refused import, or the counts of a done one (after which
 * the form is reset, `onImported` runs and the page refreshes).
 */
export function useImportJudgments({ setId, onImported }: { setId: string; onImported: () => void }) {
  const router = useRouter();
  const [pending, setPending] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [problems, setProblems] = useState<{ list: ImportProblems; fileName: string } | null>(null);
  const [imported, setImported] = useState<ImportedJudgments | null>(null);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const data = new FormData(form);
    const file = data.get("file");
    if (!(file instanceof File) || file.size === 0) {
      setFailure("Choose the judgments file");
      return;
    }
    setPending(true);
    setFailure(null);
    setProblems(null);
    setImported(null);
    try {
      const response = await fetch(`/api/sets/${setId}/judgments`, { method: "POST", body: data });
      const body = (await response.json().catch(() => null)) as
        | (ImportedJudgments & { error?: string })
        | null;
      const list = response.ok ? null : readImportProblems(body);
      if (list) {
        setProblems({ list, fileName: file.name });
        return;
      }
      if (!response.ok || !body || typeof body.labels !== "number") {
        // the alert's title already says nothing was imported: keep the list of problems
        const error = body?.error?.replace(/^Nothing imported — /, "");
        setFailure(error ?? `The server answered ${response.status}; try again.`);
        return;
      }
      setImported(body);
      form.reset();
      onImported();
      router.refresh();
    } catch {
      setFailure("Could not reach the server. Try again.");
    } finally {
      setPending(false);
    }
  }

  return { pending, failure, problems, imported, submit };
}
