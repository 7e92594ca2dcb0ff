"""The explorer in the browser: ``check ALGO --n N --explore`` walks the state space by hand.

Owns: checker/web/* — what a page shows of one state on a path the user chooses (session), the
web application that serves it and the page itself (app, page.html). It decides no verdict of
its own: the properties are judged by the simulation's judge, the shortest counterexample is the
check's, the pictures are the renderers'.

May import: models, specs, checker.explore, checker.render (and the starlette and uvicorn libraries).
"""
