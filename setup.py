"""Build the C core: one extension module compiled from every C file under src/distill/_core."""

import os
import sys
from pathlib import Path

from setuptools import Extension, setup

HERE = Path(__file__).parent
CORE = Path("src") / "distill" / "_core"

# Every subsystem is a folder of C files; the extension is all of them, so adding a file needs no edit here.
sources = sorted(str(p) for p in CORE.rglob("*.c") if "fuzz" not in p.parts)
# The headers and included fragments: a change to any of them rebuilds the extension (build_ext only
# compares the listed files' times with the built module's, and a struct that grew must not be read
# with its old layout by an object compiled before).
depends = sorted(str(p) for p in CORE.rglob("*") if p.suffix in (".h", ".inc"))

extra_compile_args = ["-std=c11", "-O2", "-Wall", "-Wextra", "-Wno-unused-parameter",
                      "-Wno-missing-field-initializers", "-fvisibility=hidden"]
extra_link_args: list[str] = []
if os.environ.get("DISTILL_SANITIZE"):
    # DISTILL_SANITIZE=address,undefined builds the core instrumented for the sanitizer runs (see tools/).
    flags = [f"-fsanitize={os.environ['DISTILL_SANITIZE']}", "-fno-omit-frame-pointer", "-O1", "-g"]
    extra_compile_args += flags
    extra_link_args += flags
if os.environ.get("DISTILL_DEBUG"):
    extra_compile_args += ["-O0", "-g", "-UNDEBUG"]
if sys.platform == "win32":
    extra_compile_args = ["/O2"]

setup(
    ext_modules=[
        Extension(
            "distill._core",
            sources=sources,
            depends=depends,
            include_dirs=[str(CORE)],
            extra_compile_args=extra_compile_args,
            extra_link_args=extra_link_args,
        )
    ],
)
