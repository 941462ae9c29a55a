# Sourced by index-tools/bench: the enrichment step (--enrich). Filled in below.
enrich_step() { echo "enrich: not yet" >&2; }
