#!/usr/bin/env python3
"""Write the HLO texts XLA prints for a JAX function, before and after optimization.

Usage: xla_dump.py MODEL.py OUT_DIR [--passes]

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
    # Source paths in metadata relative to the model's folder: the texts do not depend on
    # where the corpus was checked out.
    here = os.path.dirname(os.path.abspath(model)) + os.sep
    for name, text in [("before.hlo", lowered.as_text(dialect="hlo")),
                       ("after.hlo", lowered.compile().as_text())]:
        with open(os.path.join(out, name), "w") as fh:
            fh.write(text.replace(here, ""))


if __name__ == "__main__":
    main(sys.argv[1:])
