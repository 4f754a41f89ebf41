"""Which files the wheel holds: the packages and their data (pyproject.toml holds everything else).

fonts/ and templates/ stay at the top of the checkout, where the developers' guide puts them, but an
installed boardgen needs them inside the package: they ship as generator._fonts and
generator._templates (generator.DATA_DIRS), which generator.data_dir finds beside the code. The
packages are found, not listed, so a new game or template folder ships without editing this file;
every template subfolder is named as a package too, because setuptools warns that it may drop data
from a folder Python could import but `packages` leaves out. This lives here rather than in
pyproject.toml because that table can neither find a mapped folder nor name data for a package family.
tests/test_packaging.py builds the wheel and checks that every module, TOML, font and template lands
where data_dir looks.
"""

from setuptools import find_namespace_packages, setup

#: the package a top-level data folder becomes in the wheel (mirrors generator.DATA_DIRS)
DATA_PACKAGES = {"generator._fonts": "fonts", "generator._templates": "templates"}

packages = find_namespace_packages(include=["generator", "generator.*"])
# "" is every package: the games' data/*.toml, web/texts.toml
package_data = {"": ["*.toml"], "generator._fonts": ["*.ttf", "LICENSE*"]}
for package, folder in DATA_PACKAGES.items():
    packages += [package, *(f"{package}.{sub}" for sub in find_namespace_packages(where=folder))]
package_data.update({p: ["*.txt", "*.j2"] for p in packages if p.startswith("generator._templates")})

setup(packages=packages, package_dir=DATA_PACKAGES, package_data=package_data)
