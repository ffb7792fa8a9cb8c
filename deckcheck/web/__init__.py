"""The web front end, ``deckcheck serve``: ``app.py`` holds the Starlette routes (the page and
``POST /api/check``), the request limits and the server start-up.

Only ``deckcheck serve`` imports this package (it needs the ``serve`` extra: Starlette and uvicorn);
``deckcheck check`` never loads the web stack.
"""
