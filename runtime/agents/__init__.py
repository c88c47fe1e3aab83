"""The agents: players that are programs. Random and greedy play (simple.py), a test's script or a
logged game's answers (scripted.py), and a search that knows no game (search.py, with the game
cloner, clone.py, and the worlds it plays in, worlds.py). The engine imports none of them: it hands
each seat's agent a View and a decision. By name, as a table names them: registry.AGENTS."""
