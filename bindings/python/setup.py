"""Builds the `slide` Python module, a CPython extension over libslide.

Where libslide comes from, first match wins:

1. SLIDE_BUILD_DIR=DIR: a CMake build directory of this repository (an
   absolute path: pip runs this file from bindings/python).  The
   module links DIR/libslide.a (compiled position-independent), so it
   needs nothing at run time, and takes the headers from the repository
   (../../include).  setuptools' own files then go to DIR/python-build,
   so two build directories (Release, sanitizers) never share objects.
2. pkg-config: an installed libslide (`cmake --install build --prefix P`,
   with PKG_CONFIG_PATH=P/lib/pkgconfig for a prefix that is not a system
   one).  The module links libslide.so.MAJOR and records its directory as the
   run path, so it loads without LD_LIBRARY_PATH.
3. ../../build: the build directory the README's ./setup.sh makes, as in 1.

CFLAGS and LDFLAGS from the environment are added as usual (the
sanitizer test build passes -fsanitize there).

The module installs as the package slide (slide/__init__ is the
extension) with its type stub, slide/__init__.pyi, and py.typed.
"""

import os
import shlex
import subprocess
import sys

from setuptools import Extension, setup

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.normpath(os.path.join(HERE, "..", ".."))
SOURCES = ["src/module.c", "src/puzzle.c", "src/reports.c"]
# The module is the package slide's __init__, so that its type stub
# (slide/__init__.pyi) and the py.typed marker (PEP 561: type checkers use
# the stubs of an installed package that has one) install beside it.
# Python imports an extension named __init__ as its package, and its init
# function is still PyInit_slide: the name is the package's.
MODULE = "slide.__init__"
TYPES = ["py.typed", "__init__.pyi"]
# The module's own helpers are shared between its files, not with Python:
# only PyInit_slide (which Python's headers mark visible) is exported.
HIDDEN = ["-fvisibility=hidden"]
# libslide's public headers (the module includes slide_formats.h, which
# includes the other two).
PUBLIC_HEADERS = ["slide.h", "slide_map.h", "slide_formats.h"]


def from_build_dir(build_dir):
    """Link the static library of a CMake build directory."""
    archive = os.path.join(build_dir, "libslide.a")
    if not os.path.isfile(archive):
        # pip runs this from bindings/python, so a relative DIR is read from there.
        sys.exit(f"setup.py: {archive} does not exist: build the library first "
                 f"(cmake -S . -B build && cmake --build build) and give SLIDE_BUILD_DIR "
                 f"as an absolute path")
    ext = Extension(
        MODULE, SOURCES,
        include_dirs=[os.path.join(REPO, "include")],
        extra_objects=[archive],
        libraries=["m"],
        extra_compile_args=HIDDEN,
        # Keep libslide's SB_API symbols inside the module: they are its
        # implementation, not something it offers other extensions.
        extra_link_args=["-Wl,--exclude-libs,ALL"],
        depends=[archive, *(os.path.join(REPO, "include", h) for h in PUBLIC_HEADERS),
                 "src/binding.h", "setup.py"])
    return ext, {"build": {"build_base": os.path.join(build_dir, "python-build")}}


def pkg_config(*args):
    """pkg-config's answer for slide as a list of words, or None."""
    try:
        out = subprocess.run(["pkg-config", *args, "slide"], check=True,
                             capture_output=True, text=True).stdout
    except (OSError, subprocess.CalledProcessError):
        return None
    return shlex.split(out)


def from_pkg_config():
    """Link the installed shared library, if pkg-config knows one."""
    cflags, libs = pkg_config("--cflags"), pkg_config("--libs")
    if cflags is None or libs is None:
        return None
    include_dirs = [os.path.normpath(f[2:]) for f in cflags if f.startswith("-I")]
    library_dirs = [os.path.normpath(f[2:]) for f in libs if f.startswith("-L")]
    libraries = [f[2:] for f in libs if f.startswith("-l")]
    ext = Extension(MODULE, SOURCES, include_dirs=include_dirs, library_dirs=library_dirs,
                    libraries=libraries, runtime_library_dirs=library_dirs,
                    extra_compile_args=HIDDEN,
                    depends=["src/binding.h", "setup.py"])
    return ext, {}


def choose():
    build_dir = os.environ.get("SLIDE_BUILD_DIR")
    if build_dir:
        return from_build_dir(os.path.abspath(build_dir))
    found = from_pkg_config()
    if found:
        return found
    fallback = os.path.join(REPO, "build")
    if os.path.isfile(os.path.join(fallback, "libslide.a")):
        return from_build_dir(fallback)
    sys.exit("setup.py: libslide not found: install it (cmake --install) so that "
             "`pkg-config slide` finds it, or set SLIDE_BUILD_DIR to a build directory "
             "of the slide repository")


def version():
    """libslide's version, written once in slide.h (or pkg-config's for an
    installed one), so the module's cannot drift from the library's."""
    header = os.path.join(REPO, "include", "slide.h")
    if os.path.isfile(header):
        with open(header, encoding="utf-8") as f:
            for line in f:
                if line.startswith("#define SLIDE_VERSION \""):
                    return line.split('"')[1]
    words = pkg_config("--modversion")
    return words[0] if words else "0"


ext, options = choose()
setup(
    name="slide",
    version=version(),
    description="Sliding-block puzzles (Klotski, Rush Hour, ...): read, solve, explore, check",
    ext_modules=[ext],
    packages=["slide"],
    package_data={"slide": TYPES},
    options=options,
    python_requires=">=3.11",
)
