#!/usr/bin/env python3
"""Export a Halide pipeline for `tensorproof halide`: NAME.spec (the algorithm) and NAME.stmt
(the statement Halide 21 prints after "bounding small realizations").

A pipeline module defines

    def pipeline():
        # build fresh Funcs; return the output Func, the input ImageParams, every Func of
        # the algorithm by name (producers first), and optionally the RDoms
        return output, [inputs...], {"name": func, ...}, [rdoms...]

    SCHEDULES = {"default": lambda funcs: None, "tiled": lambda funcs: ..., ...}
    EXPECT = {"tiled": "unknown"}   # optional: the expected verdict per schedule (else verified)

Usage: halide_export.py PIPELINE.py OUT_DIR [--schedule NAME]...  (default: every schedule)
Writes OUT_DIR/<module>-<schedule>.spec and .stmt. Each schedule is lowered in its own
subprocess with HL_DEBUG_CODEGEN=2; the statement is cut out of that log.
Needs halide==21.0.0 (tools/requirements.txt).
"""

import importlib.util
import os
import re
import subprocess
import sys

MARK = "Lowering after bounding small realizations:"


def load(path):
    spec = importlib.util.spec_from_file_location("pipeline_module", path)
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


def type_name(t):
    import halide as hl
    if t.is_float():
        return "float%d" % t.bits()
    if t.is_bool():
        return "bool"
    if t.is_uint():
        return "uint%d" % t.bits()
    return "int%d" % t.bits()


def expr_text(e, inputs):
    s = str(e)
    if s.startswith("<halide.Expr") and s.endswith(">"):
        s = s[s.index(": ") + 2:-1]
    for name in inputs:
        s = s.replace(name + "_im(", name + "(")
    return s


def spec_text(mod):
    got = mod.pipeline()
    out, inputs, funcs = got[0], got[1], got[2]
    rdoms = got[3] if len(got) > 3 else []
    names = [p.name() for p in inputs]
    lines = ["# algorithm exported by tools/halide_export.py from %s" % os.path.basename(mod.__file__)]
    for p in inputs:
        lines.append("input %s : %s dims %d" % (p.name(), type_name(p.type()), p.dimensions()))
    for r in rdoms:
        for i in range(r.dimensions()):
            v = r[i]
            lo = expr_text(v.min(), names)
            hi = expr_text(v.min() + v.extent(), names)
            lines.append("rdom %s in [%s, %s)" % (v.name(), lo, hi))
    for name, f in funcs.items():
        args = ", ".join(str(a) for a in f.args())
        lines.append("func %s(%s) : %s = %s" % (f.name(), args, type_name(f.type()), expr_text(f.value(), names)))
        for i in range(f.num_update_definitions()):
            uargs = ", ".join(expr_text(a, names) for a in f.update_args(i))
            lines.append("update %s(%s) = %s" % (f.name(), uargs, expr_text(f.update_value(i), names)))
    lines.append("output %s : %s dims %d" % (out.name(), type_name(out.type()), out.dimensions()))
    known = set(names) | {f.name() for f in funcs.values()}
    intrinsics = {"min", "max", "select", "likely", "likely_if_innermost", "abs", "lambda"}
    for line in lines[1:]:
        for called in re.findall(r"([A-Za-z_][A-Za-z0-9_$.]*)\(", line.split("=", 1)[-1]):
            if called not in known and called not in intrinsics and not re.match(r"^u?int[0-9]+$|^float[0-9]+$", called):
                sys.stderr.write("warning: the algorithm calls `%s`, which the pipeline module does not list "
                                 "(Funcs that Halide adds, such as the wrapper of a BoundaryConditions "
                                 "input, must be listed too); the checker will say unknown\n" % called)
    return "\n".join(lines) + "\n"


def lower(path, schedule):
    """In the subprocess: schedule, lower, and let Halide print the log on stderr."""
    import halide as hl
    mod = load(path)
    got = mod.pipeline()
    out, inputs, funcs = got[0], got[1], got[2]
    mod.SCHEDULES[schedule](funcs)
    target = hl.Target("host").without_feature(hl.TargetFeature.AVX512)
    out.compile_to_lowered_stmt(os.devnull, inputs, hl.StmtOutputFormat.Text, target)


def cut(log):
    lines = log.splitlines()
    try:
        i = lines.index(MARK)
    except ValueError:
        raise SystemExit("no '%s' in Halide's log" % MARK)
    body = []
    for line in lines[i + 1:]:
        if line == "" or line.startswith("Lowering after") or line.startswith("Performing") or line.endswith("..."):
            break
        body.append(line)
    return "\n".join(body) + "\n"


def main(argv):
    if len(argv) >= 3 and argv[0] == "--lower":
        lower(argv[1], argv[2])
        return
    if len(argv) < 2:
        raise SystemExit(__doc__)
    path, out_dir = argv[0], argv[1]
    wanted = [argv[i + 1] for i in range(2, len(argv) - 1) if argv[i] == "--schedule"]
    mod = load(path)
    base = os.path.splitext(os.path.basename(path))[0]
    spec = spec_text(mod)
    os.makedirs(out_dir, exist_ok=True)
    for sched in wanted or list(mod.SCHEDULES):
        env = dict(os.environ, HL_DEBUG_CODEGEN="2")
        p = subprocess.run([sys.executable, os.path.abspath(__file__), "--lower", path, sched],
                           env=env, capture_output=True, text=True, timeout=600)
        if p.returncode != 0:
            raise SystemExit("lowering %s under %s failed:\n%s" % (path, sched, p.stderr[-2000:]))
        name = "%s-%s" % (base, sched)
        with open(os.path.join(out_dir, name + ".spec"), "w") as f:
            f.write(spec)
        with open(os.path.join(out_dir, name + ".stmt"), "w") as f:
            f.write("# statement exported by tools/halide_export.py: %s, schedule %s (Halide %s)\n" % (os.path.basename(path), sched, halide_version()))
            f.write("# expect: %s\n" % getattr(mod, "EXPECT", {}).get(sched, "verified"))
            f.write(cut(p.stderr))
        print(name)


def halide_version():
    try:
        from importlib.metadata import version
        return version("halide")
    except Exception:
        return "?"


if __name__ == "__main__":
    main(sys.argv[1:])
