"""Build the C core: one extension module compiled from every C file under src/distill/_core.

One plain optimised round by default, the files compiled in parallel. DISTILL_PGO=1 builds profile-guided
with GCC instead (class DistillBuildExt); the wheels built for an index are built that way (pyproject.toml,
[tool.cibuildwheel]).
"""

import os
import shutil
import subprocess
import sys
import sysconfig
import tempfile
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

from setuptools import Extension, setup
from setuptools.command.build_ext import build_ext
from setuptools.errors import CompileError

HERE = Path(__file__).parent
CORE = Path("src") / "distill" / "_core"

# Every subsystem is a folder of C files; the extension is all of them, so adding a file needs no edit here.
sources = sorted(str(p) for p in CORE.rglob("*.c") if "fuzz" not in p.parts)
# The headers and included fragments: a change to any of them rebuilds the extension (build_ext only
# compares the listed files' times with the built module's, and a struct that grew must not be read
# with its old layout by an object compiled before).
depends = sorted(str(p) for p in CORE.rglob("*") if p.suffix in (".h", ".inc"))

# -O3: the plain build is what `pip install .` makes, and -O3 brings it within a few percent of the
# profile-guided build's speed at no more build time than -O2 (tools/pgo_gain.py; docs/benchmarks.md).
extra_compile_args = ["-std=c11", "-O3", "-Wall", "-Wextra", "-Wno-unused-parameter",
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
    # MSVC: C11 with its atomics (<stdatomic.h> holds the arena's and the element table's spare slots),
    # which Visual Studio 2022 17.5 and later compile behind the experimental flag.
    extra_compile_args = ["/O2", "/std:c11", "/experimental:c11atomics"]

NO_COMPILER = """\
distill: no C compiler found (looked for {cc!r}).
distill's core is C, compiled when distill is installed from source. Install a C compiler and
Python's headers, then run pip again:
  Debian, Ubuntu:  apt-get install gcc python3-dev
  Fedora, RHEL:    dnf install gcc python3-devel
  Alpine:          apk add gcc musl-dev python3-dev
  macOS:           xcode-select --install
  Windows:         Visual Studio Build Tools 2022 (17.5 or later), "Desktop development with C++"
or name another compiler with CC=..."""

NO_HEADERS = """\
distill: Python's C headers are missing ({header} does not exist).
distill's core is a C extension and needs them to compile. Install them, then run pip again:
  Debian, Ubuntu:  apt-get install python3-dev   (or python3.X-dev for the Python you use)
  Fedora, RHEL:    dnf install python3-devel
  Alpine:          apk add python3-dev"""


def _is_gcc(compiler: list[str]) -> bool:
    """Whether the C compiler is GCC 10 or later.

    macOS's `gcc` is clang, whose profile flags differ; -fprofile-partial-training came with GCC 10.
    """
    try:
        out = subprocess.run([*compiler, "--version"], capture_output=True, text=True, timeout=60).stdout
        version = subprocess.run([*compiler, "-dumpversion"], capture_output=True, text=True, timeout=60).stdout
    except (OSError, subprocess.SubprocessError):
        return False
    major = version.strip().split(".")[0]
    return "Free Software Foundation" in out and major.isdigit() and int(major) >= 10


def _compile_in_parallel(compiler: Any, jobs: int) -> None:
    """Make a Unix compiler object compile its sources `jobs` at a time.

    setuptools compiles an extension's files one after another (its --parallel spreads whole extensions,
    and the core is one): these are CCompiler.compile's steps, with each file's compiler run in a pool.
    """
    if jobs <= 1:
        return

    def compile(sources: list[str], output_dir: str | None = None, macros: Any = None,
                include_dirs: Any = None, debug: bool = False, extra_preargs: Any = None,
                extra_postargs: Any = None, depends: Any = None) -> list[str]:
        macros, objects, extra_postargs, pp_opts, build = compiler._setup_compile(
            output_dir, macros, include_dirs, sources, depends, extra_postargs)
        cc_args = compiler._get_cc_args(pp_opts, debug, extra_preargs)

        def one(obj: str) -> None:
            src, ext = build[obj]
            compiler._compile(obj, src, ext, cc_args, extra_postargs, pp_opts)

        with ThreadPoolExecutor(jobs) as pool:
            list(pool.map(one, [o for o in objects if o in build]))
        return list(objects)

    compiler.compile = compile


class DistillBuildExt(build_ext):
    """The core's build: one plain round, or profile-guided with GCC when DISTILL_PGO=1.

    Either way the C files compile in parallel, one job a core (`build_ext -j N` for another count), and a
    missing compiler or missing Python headers stop the build with a message saying what to install
    (setuptools' own word for a missing compiler is a bare "No such file or directory").

    Profile-guided: the core is compiled instrumented, tools/pgo_train.py parses and extracts its
    synthetic pages with that build, and the core is compiled again with the counts the run recorded,
    which GCC uses to lay out hot paths and predict branches (what that buys, and the command that
    measures it: docs/benchmarks.md; the output is the same, bit for bit). It costs two compilations and
    a training run, so it is for built wheels rather than every install. Compilers other than GCC and
    sanitizer or debug builds get the plain round; a failed training run falls back to it with a
    warning, never a failed install.
    """

    def build_extensions(self) -> None:
        """Check for a compiler and the Python headers, then compile the C files in parallel."""
        if getattr(self.compiler, "compiler_type", "") in ("unix", "cygwin", "mingw32"):
            cc = list(getattr(self.compiler, "compiler_so", None) or ["cc"])
            if shutil.which(cc[0]) is None:
                raise CompileError(NO_COMPILER.format(cc=cc[0]))
            header = Path(sysconfig.get_paths()["include"]) / "Python.h"
            if not any((Path(d) / "Python.h").exists() for d in [header.parent, *self.include_dirs]):
                raise CompileError(NO_HEADERS.format(header=header))
            jobs = self.parallel if type(self.parallel) is int and self.parallel > 0 else (os.cpu_count() or 1)
            _compile_in_parallel(self.compiler, jobs)
        super().build_extensions()

    def run(self) -> None:
        """Build the extension: one plain round, or two rounds with a training run between them."""
        wanted = (os.environ.get("DISTILL_PGO", "0") not in ("", "0") and not os.environ.get("DISTILL_SANITIZE")
                  and not os.environ.get("DISTILL_DEBUG") and sys.platform != "win32")
        if not wanted:
            super().run()
            return
        cc = (os.environ.get("CC") or sysconfig.get_config_var("CC") or "cc").split()
        if not _is_gcc(cc):
            print(f"profile-guided build: {cc[0]} is not GCC 10 or later; building in one plain round",
                  file=sys.stderr)
            super().run()
            return
        compiler_choice: object = self.compiler  # a name (or None) that run() replaces with the compiler object
        ext = self.extensions[0]
        base_compile, base_link = list(ext.extra_compile_args), list(ext.extra_link_args)
        profile_dir = Path(self.build_temp).resolve() / "pgo"
        shutil.rmtree(profile_dir, ignore_errors=True)
        trained = False
        try:
            print("profile-guided build: round 1 of 2, instrumented", file=sys.stderr)
            ext.extra_compile_args = base_compile + ["-fprofile-generate", "-fprofile-update=single",
                                                     f"-fprofile-dir={profile_dir}"]
            ext.extra_link_args = base_link + ["-fprofile-generate"]
            self.force = True
            super().run()
            print("profile-guided build: the training run (tools/pgo_train.py)", file=sys.stderr)
            trained = self._train(Path(self.get_ext_fullpath(ext.name)))
        except CompileError:
            raise  # no compiler or no headers: the plain round would fail the same way
        except Exception as exc:  # any other failure of the instrumented round: the plain build below
            print(f"profile-guided build: instrumented round failed ({exc}); building without it", file=sys.stderr)
        ext.extra_link_args = base_link
        self.force = True
        if trained:
            print("profile-guided build: round 2 of 2, with the recorded profile", file=sys.stderr)
            ext.extra_compile_args = base_compile + ["-fprofile-use", "-fprofile-partial-training",
                                                     f"-fprofile-dir={profile_dir}", "-Wno-missing-profile"]
            self.compiler = compiler_choice
            try:
                super().run()
                return
            except Exception as exc:  # a profile the compiler refuses: the plain build below
                print(f"profile-guided build: the second round failed ({exc}); building without it",
                      file=sys.stderr)
        ext.extra_compile_args = base_compile
        self.compiler = compiler_choice
        super().run()

    def _train(self, built: Path) -> bool:
        """Run the training pages through the instrumented module; whether it left a profile."""
        with tempfile.TemporaryDirectory() as tmp:
            pkg = Path(tmp) / "distill"
            shutil.copytree(HERE / "src" / "distill", pkg, ignore=shutil.ignore_patterns("*.so", "*.pyd", "_core"))
            shutil.copy2(built, pkg / built.name)
            r = subprocess.run([sys.executable, str(HERE / "tools" / "pgo_train.py"), tmp], timeout=600)
        if r.returncode != 0:
            print("profile-guided build: the training run failed; building without it", file=sys.stderr)
            return False
        return any(Path(self.build_temp).resolve().joinpath("pgo").rglob("*.gcda"))


setup(
    cmdclass={"build_ext": DistillBuildExt},
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
