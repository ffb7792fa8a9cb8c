"""The web front end, ``deckcheck serve``: ``app.py`` holds the Starlette routes (the page and
``POST /api/check``), the request handling and its limits, and the server start-up; ``page.py``
the markup of the page (its form, the verdict under it, its one inline style and script);
``guard.py`` what guards the server (the Host check, the Content-Security-Policy, uvicorn's limits).

Only ``deckcheck serve`` imports this package (it needs the ``serve`` extra: Starlette and uvicorn);
``deckcheck check`` never loads the web stack.
"""
