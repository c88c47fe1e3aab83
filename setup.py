"""Package discovery with the folder mapping: the pipeline's folders sit at the repository's top
(compiler/, runtime/, rules/, grammar/) and install as spellcard.compiler, spellcard.runtime, …
setuptools' automatic discovery finds one root only, so each folder is searched with its public
find_namespace_packages and mapped: a new folder needs no edit here, and every folder with package
data (templates, a pack's tests) is a package, so setuptools warns of none. The project's metadata
is pyproject.toml's."""
from setuptools import find_namespace_packages, setup

FOLDERS = {"spellcard": "spellcard", "spellcard.compiler": "compiler", "spellcard.runtime": "runtime",
           "spellcard.rules": "rules", "spellcard.grammar": "grammar"}
DATA = ["*.lark", "*.j2", "*.css", "*.js", "*.spell", "*.md"]

packages = [name + (f".{sub}" if sub else "")
            for name, folder in FOLDERS.items()
            for sub in ["", *find_namespace_packages(folder, exclude=["*__pycache__*"])]]

setup(package_dir=FOLDERS, packages=packages, package_data={"": DATA})
