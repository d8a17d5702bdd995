# The reference for bench/import-log.ts: normalize and count a query log in 15 lines.
import sys, unicodedata
from collections import Counter
counts = Counter()
with open(sys.argv[1], encoding="utf-8", errors="replace") as log:
    for line in log:
        query = " ".join(unicodedata.normalize("NFC", line).lower().split())
        if query:
            counts[query] += 1
print(len(counts))
