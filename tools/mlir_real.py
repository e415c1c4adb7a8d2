#!/usr/bin/env python3
"""Make corpus/mlir-real: JAX programs (tools/mlir_real_programs.py) lowered to linalg on
tensors, then put through mlir-opt-19 pipelines, for `tensorproof mlir SRC TGT`.

For each program NAME:
  1. `jax.jit(f).lower(...)` gives StableHLO text;
  2. `iree-compile --iree-input-type=stablehlo --compile-to=input` gives linalg on tensors
     inside IREE's `util.func`/`util.return`;
  3. IREE's function ops are renamed `func.func`/`return` and their IREE-only attributes
     (`iree.abi.*`, `iree.reflection`) dropped (mlir-opt-19 does not know the `util` dialect;
     docs/mlir.md says so), and mlir-opt-19 prints the result: OUT/NAME/src.mlir;
  4. each step of STEPS is an mlir-opt-19 pipeline run on src.mlir: OUT/NAME/STEP.mlir;
  5. OUT/NAME/wrong.mlir is the `canonicalize` step with one float op changed (the first of
     MUTATIONS found in it), a target that must be refuted.

Usage: mlir_real.py OUT_DIR [--scale N] [--only NAME,...] [--check]
  --scale 10   every program with about 10x the elements (OUT_DIR should differ)
  --check      regenerate into a temporary folder and exit 1 when a file differs from OUT_DIR
Needs jax==0.7.1, jaxlib==0.7.1, iree-base-compiler (tools/requirements.txt) and mlir-opt-19.
"""

import argparse
import os
import re
import shutil
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

MLIR_OPT = "mlir-opt-19"

# (step name, mlir-opt-19 arguments), each run on src.mlir.
STEPS = [
    ("generalize", ["--linalg-generalize-named-ops"]),
    ("fuse", ["--linalg-generalize-named-ops", "--linalg-fuse-elementwise-ops"]),
    (
        "canonicalize",
        [
            "--linalg-generalize-named-ops",
            "--linalg-fuse-elementwise-ops",
            "--canonicalize",
            "--cse",
        ],
    ),
    ("bufferize", ["--one-shot-bufferize"]),
    ("loops", ["--one-shot-bufferize", "--convert-linalg-to-loops"]),
    (
        "loops-fb",
        ["--one-shot-bufferize=bufferize-function-boundaries", "--convert-linalg-to-loops"],
    ),
]

# Ops changed for the wrong target, the first found (in this order) in the canonicalize
# step's text: (op text, replacement).
MUTATIONS = [
    ("arith.addf", "arith.subf"),
    ("arith.mulf", "arith.addf"),
    ("arith.subf", "arith.addf"),
    ("arith.maximumf", "arith.minimumf"),
    ("arith.divf", "arith.mulf"),
    ("arith.cmpf ogt", "arith.cmpf olt"),
    # no float op (a gather): its bounds check made off by one
    ("arith.cmpi sle", "arith.cmpi slt"),
]


def stablehlo(fn, specs):
    import jax
    import jax.numpy as jnp

    args = [jax.ShapeDtypeStruct(shape, jnp.dtype(dt)) for shape, dt in specs]
    return jax.jit(fn).lower(*args).as_text(dialect="stablehlo")


def iree_compile(text):
    """IREE's input stage, through the `iree-compile` of the iree-base-compiler package."""
    exe = shutil.which("iree-compile") or os.path.join(os.path.dirname(sys.executable), "iree-compile")
    r = subprocess.run(
        [exe, "--iree-input-type=stablehlo", "--compile-to=input", "-"],
        input=text,
        capture_output=True,
        text=True,
    )
    if r.returncode != 0:
        raise RuntimeError(f"iree-compile failed:\n{r.stderr}")
    return r.stdout


def as_func(text):
    """IREE's `util.func`/`util.return` as `func.func`/`return`, IREE-only attributes dropped."""
    text = re.sub(r"\butil\.func\b", "func.func", text)
    text = re.sub(r"\butil\.return\b", "return", text)
    # `attributes {iree.abi.stub, iree.reflection = {...}}` on a function: dropped whole.
    out = []
    for line in text.splitlines():
        if line.lstrip().startswith("func.func") and " attributes {" in line:
            head, _, rest = line.partition(" attributes {")
            depth, i = 1, 0
            while i < len(rest) and depth:
                depth += {"{": 1, "}": -1}.get(rest[i], 0)
                i += 1
            line = head + rest[i:]
        out.append(line)
    return "\n".join(out) + "\n"


def mlir_opt(text, args):
    r = subprocess.run([MLIR_OPT, *args], input=text, capture_output=True, text=True)
    if r.returncode != 0:
        raise RuntimeError(f"{MLIR_OPT} {' '.join(args)} failed:\n{r.stderr}")
    return r.stdout


def in_reduction(text, pos):
    """Whether `pos` is in the body of a linalg.generic with a reduction iterator."""
    start = text.rfind("linalg.generic", 0, pos)
    if start < 0:
        return False
    head = text[start : text.find("\n", start)]
    return '"reduction"' in head


def mutate(text):
    """The text with the first float op of MUTATIONS changed (outside reduction bodies, whose
    combiner a change would only make unrecognised, unless there is no other: then a product
    in a body first), and what was changed."""
    # Inside a reduction body the element is changed first (`mulf` of a convolution's
    # product), so that the combiner stays one the checker reads.
    in_body = [m for m in MUTATIONS if m[0] == "arith.mulf"] + MUTATIONS
    for inside_ok, order in ((False, MUTATIONS), (True, in_body)):
        for op, new in order:
            for m in re.finditer(rf"\b{re.escape(op)}\b", text):
                if in_reduction(text, m.start()) and not inside_ok:
                    continue
                line = text.count("\n", 0, m.start()) + 1
                changed = text[: m.start()] + new + text[m.end() :]
                return changed, f"{op} -> {new} at line {line}"
    return None, None


def header(name, what):
    return f"// tools/mlir_real.py: {name}, {what}\n"


def make(name, fn, specs, out):
    """Writes OUT/NAME/*.mlir and returns the steps mlir-opt-19 could not run (each with the
    first line of its error). A failed step writes no file (an older one is removed), and the
    other steps are still written: mlir-opt-19's own failure on one pipeline (its
    `one-shot-bufferize` on some `scf.for` with a tensor iter_arg) loses only that step."""
    os.makedirs(os.path.join(out, name), exist_ok=True)
    src = mlir_opt(as_func(iree_compile(stablehlo(fn, specs))), [])
    files = {"src": header(name, "IREE input (linalg on tensors), util.func renamed") + src}
    failed = []
    for step, args in STEPS:
        try:
            files[step] = header(name, "mlir-opt-19 " + " ".join(args)) + mlir_opt(src, args)
        except RuntimeError as e:
            lines = str(e).splitlines()
            failed.append((step, next((l for l in lines[1:] if l.strip()), lines[0])))
            stale = os.path.join(out, name, f"{step}.mlir")
            if os.path.exists(stale):
                os.remove(stale)
    if "canonicalize" in files:
        canon = files["canonicalize"].split("\n", 1)[1]
        wrong, what = mutate(canon)
        if wrong is not None:
            files["wrong"] = header(name, "canonicalize step with " + what) + wrong
    for k, text in files.items():
        with open(os.path.join(out, name, f"{k}.mlir"), "w") as f:
            f.write(text)
    return failed


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("out")
    ap.add_argument("--scale", type=int, default=1)
    ap.add_argument("--only", default="")
    ap.add_argument("--check", action="store_true")
    a = ap.parse_args()
    from mlir_real_programs import programs

    progs = programs(a.scale)
    only = [n for n in a.only.split(",") if n]
    names = [n for n in progs if not only or n in only]
    dest = tempfile.mkdtemp() if a.check else a.out
    failed = []
    for name in names:
        fn, specs = progs[name]
        try:
            steps_failed = make(name, fn, specs, dest)
            if steps_failed:
                print(f"{name}: ok but for " + "; ".join(f"{s}: {e}" for s, e in steps_failed))
            else:
                print(f"{name}: ok")
        except Exception as e:  # one program's failure is reported, the rest go on
            failed.append(name)
            print(f"{name}: {e}", file=sys.stderr)
    if a.check:
        diff = subprocess.run(["diff", "-r", "-q", a.out, dest], capture_output=True, text=True)
        extra = [l for l in diff.stdout.splitlines() if not l.startswith(f"Only in {a.out}")]
        if only:
            extra = [l for l in extra if any(f"/{n}" in l for n in only)]
        shutil.rmtree(dest)
        if extra:
            print("\n".join(extra))
            sys.exit(1)
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
