# The peer of bench/import-log.ts: normalizes and counts a plain-text query log the way
# lib/logs/normalize-query.ts does (as closely as Python allows), holding every distinct query in
# a dict. Prints the number of distinct queries.
import re, sys, unicodedata

INVISIBLE = re.compile("[\u00ad\u200b\u2060\ufeff]")
SPACE_OR_CONTROL = re.compile(r"[\s\x00-\x1f\x7f-\x9f]+")
KEPT_AT_EDGES = set("#%&*/@\\_")
PAIRS = dict(zip("([{（［｛【「『《〈", ")]}）］｝】」』》〉"))
CLOSERS = {close: open_ for open_, close in PAIRS.items()}

def trimmable(text, index, rest):
    char = text[index]
    if char == " ": return True
    if char in KEPT_AT_EDGES or not (char == "`" or unicodedata.category(char)[0] == "P"): return False
    partner = PAIRS.get(char) or CLOSERS.get(char)
    return partner is None or partner not in rest

def normalize(raw):
    text = SPACE_OR_CONTROL.sub(" ", INVISIBLE.sub("", unicodedata.normalize("NFC", raw).lower()))
    if text[:1].isalnum() and text[-1:].isalnum(): return unicodedata.normalize("NFC", text)
    start, end, changed = 0, len(text), True
    while changed and start < end:
        changed = False
        while start < end and trimmable(text, start, text[start + 1:end]) and not (
            text[start] in ".-" and start + 1 < end and text[start + 1].isalnum()):
            start, changed = start + 1, True
        while end > start and trimmable(text, end - 1, text[start:end - 1]):
            end, changed = end - 1, True
    return unicodedata.normalize("NFC", text[start:end])

counts = {}
with open(sys.argv[1], "rb") as log:
    for line in log:
        try: raw = line.decode("utf-8")
        except UnicodeDecodeError: raw = line.decode("cp1252", "replace")
        query = normalize(raw)
        if query: counts[query] = counts.get(query, 0) + 1
print(len(counts))
