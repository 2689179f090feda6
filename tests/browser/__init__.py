"""Browser tests of the web inspector: first in the collection order, so a worker of
``pytest -n 2`` runs them while it is still small (Chromium takes about 450 MB)."""
