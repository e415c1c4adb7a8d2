#!/usr/bin/env python3
"""Write the HLO texts XLA prints for a JAX function, before and after optimization.

Usage: xla_dump.py MODEL.py OUT_DIR [--passes]
       xla_dump.py MODEL.py OUT_DIR --run INPUTS.json
       xla_dump.py --run-batch JOBS.json

With --run, the compiled function is run on XLA:CPU on the inputs in INPUTS.json (a list per
parameter of elements as bit patterns, row-major) and OUT_DIR/run.json gets the first output's
elements as bit patterns (the differential test of the interpreter, crates/xla/tests/corpus.rs).
With --run-batch, one process runs many models (JAX starts once): JOBS.json is a list of
{"model": MODEL.py, "inputs": [INPUT_SET, ...], "out": RESULT.json}, each INPUT_SET as in
INPUTS.json; RESULT.json gets a list with the first output's bit patterns per input set
(crates/xla/tests/differential.rs).

MODEL.py defines a function `f` and `ARGS`, a list of example argument shapes written as HLO
shapes (`"f32[8,16]"`, `"f32[]"`). The tool writes

  OUT_DIR/before.hlo   jax.jit(f).lower(*args).as_text(dialect="hlo")
  OUT_DIR/after.hlo    jax.jit(f).lower(*args).compile().as_text()
  OUT_DIR/passes/      with --passes: XLA's per-pass dumps (--xla_dump_hlo_pass_re=.*)

on the CPU backend, with XLA's default flags otherwise. Pins: tools/requirements.txt.
Used by `tensorproof xla MODEL.py` and by the corpus regeneration test (crates/xla).
"""

import importlib.util
import os
import re
import sys

DTYPES = {"f16": "float16", "bf16": "bfloat16", "f32": "float32", "f64": "float64",
          "s8": "int8", "s16": "int16", "s32": "int32", "s64": "int64",
          "u8": "uint8", "u16": "uint16", "u32": "uint32", "u64": "uint64", "pred": "bool"}


def parse_shape(text):
    m = re.fullmatch(r"\s*(\w+)\[([\d,\s]*)\]\s*", text)
    if not m or m.group(1) not in DTYPES:
        raise SystemExit(f"error: bad example shape {text!r} (expected e.g. 'f32[8,16]')")
    dims = tuple(int(d) for d in m.group(2).split(",") if d.strip())
    return DTYPES[m.group(1)], dims


def load(path):
    spec = importlib.util.spec_from_file_location("model", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    if not hasattr(module, "f") or not hasattr(module, "ARGS"):
        raise SystemExit(f"error: {path} must define a function `f` and a list `ARGS` of shapes")
    return module.f, [parse_shape(s) for s in module.ARGS]


def main(argv):
    if argv[:1] == ["--run-batch"] and len(argv) == 2:
        return run_batch(argv[1])
    run = None
    if "--run" in argv:
        i = argv.index("--run")
        run = argv[i + 1]
        argv = argv[:i] + argv[i + 2:]
    args = [a for a in argv if not a.startswith("--")]
    passes = "--passes" in argv
    if len(args) != 2:
        raise SystemExit(__doc__)
    model, out = args
    os.makedirs(out, exist_ok=True)
    flags = os.environ.get("XLA_FLAGS", "")
    if passes:
        dump = os.path.join(out, "passes")
        flags += f" --xla_dump_to={dump} --xla_dump_hlo_pass_re=.*"
    os.environ["XLA_FLAGS"] = flags.strip()
    os.environ.setdefault("JAX_PLATFORMS", "cpu")
    import jax  # after XLA_FLAGS: XLA reads them once

    model = os.path.abspath(model)
    f, shapes = load(model)
    examples = [jax.ShapeDtypeStruct(dims, dtype) for dtype, dims in shapes]
    lowered = jax.jit(f).lower(*examples)
    if run is not None:
        return run_on_cpu(lowered.compile(), shapes, run, out)
    # Source paths in metadata relative to the model's folder: the texts do not depend on
    # where the corpus was checked out.
    here = os.path.dirname(os.path.abspath(model)) + os.sep
    for name, text in [("before.hlo", lowered.as_text(dialect="hlo")),
                       ("after.hlo", lowered.compile().as_text())]:
        with open(os.path.join(out, name), "w") as fh:
            fh.write(text.replace(here, ""))


def run_once(compiled, shapes, inputs):
    """The first output's elements as hex bit patterns, on one input set."""
    import numpy as np

    import jax.numpy as jnp

    bits_of = {1: np.uint8, 2: np.uint16, 4: np.uint32, 8: np.uint64}
    args = []
    for (dtype, dims), data in zip(shapes, inputs):
        dt = np.dtype(jnp.bfloat16) if dtype == "bfloat16" else np.dtype(dtype)
        if dt.kind not in "fiub" and dtype != "bfloat16":
            raise SystemExit("error: --run supports float, integer and pred parameters only")
        # Integers as their two's complement bit patterns, pred as 0 or 1.
        raw = np.array([int(b, 16) for b in data], dtype=bits_of[dt.itemsize])
        args.append(raw.view(dt).reshape(dims))
    result = compiled(*args)
    first = result[0] if isinstance(result, (tuple, list)) else result
    arr = np.asarray(first)
    flat = arr.reshape(-1).view(bits_of[arr.dtype.itemsize])
    return [hex(int(b)) for b in flat]


def run_on_cpu(compiled, shapes, inputs_path, out):
    import json

    with open(inputs_path) as fh:
        inputs = json.load(fh)
    with open(os.path.join(out, "run.json"), "w") as fh:
        json.dump(run_once(compiled, shapes, inputs), fh)


def run_batch(jobs_path):
    import json

    os.environ.setdefault("JAX_PLATFORMS", "cpu")
    import jax

    with open(jobs_path) as fh:
        jobs = json.load(fh)
    for job in jobs:
        f, shapes = load(os.path.abspath(job["model"]))
        examples = [jax.ShapeDtypeStruct(dims, dtype) for dtype, dims in shapes]
        compiled = jax.jit(f).lower(*examples).compile()
        results = [run_once(compiled, shapes, inputs) for inputs in job["inputs"]]
        with open(job["out"], "w") as fh:
            json.dump(results, fh)


if __name__ == "__main__":
    main(sys.argv[1:])
