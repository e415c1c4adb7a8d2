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
       halide_export.py --manifest DIR   (DIR/manifest.json from the statements' headers)
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


# RDom predicates (`RDom.where`), which the Python API does not give back: recorded as the
# pipeline sets them (RDom name -> predicate text).
PREDICATES = {}


def record_predicates():
    import halide as hl
    where = hl.RDom.where

    def recording(self, predicate):
        PREDICATES.setdefault(self.x.name().split("$")[0], []).append(predicate)
        return where(self, predicate)

    hl.RDom.where = recording


# Tuple components. Halide's printer drops the component a call of a Tuple-valued Func reads
# (`best(x, y)` for `best[x, y][1]`), so the algorithm is built a second time with every
# `f[args][k]` of a Tuple-valued `f` replaced by a call of a placeholder Func `f$tuple$k`
# (never lowered), printed `f(args)[k]` in the algorithm file.
TUPLE_MARK = "$tuple$"


class TupleCalls:
    """While active: `f[args]` of a Tuple-valued Func remembers (f, args), and `[k]` on it
    calls the placeholder of component k instead."""

    def __init__(self):
        self.refs = {}
        self.keep = []
        self.placeholders = {}
        self.tuples = {}

    def placeholder(self, f, k):
        import halide as hl
        key = (f.name(), k)
        if key not in self.placeholders:
            ph = hl.Func(f.name() + TUPLE_MARK + str(k))
            vs = [hl.Var("_%d" % i) for i in range(f.dimensions())]
            ph[vs if vs else ()] = hl.cast(f.types()[k], 0)
            self.placeholders[key] = ph
            self.tuples[f.name()] = f
        return self.placeholders[key]

    def __enter__(self):
        import halide as hl
        self.func_getitem, self.ref_getitem = hl.Func.__getitem__, hl.FuncRef.__getitem__
        outer = self

        def func_getitem(f, args):
            ref = outer.func_getitem(f, args)
            if f.defined() and f.outputs() > 1:
                outer.refs[id(ref)] = (f, args)
                outer.keep.append(ref)
            return ref

        def ref_getitem(ref, k):
            got = outer.refs.get(id(ref))
            if got is None:
                return outer.ref_getitem(ref, k)
            f, args = got
            return outer.placeholder(f, k)[args]

        hl.Func.__getitem__, hl.FuncRef.__getitem__ = func_getitem, ref_getitem
        return self

    def __exit__(self, *exc):
        import halide as hl
        hl.Func.__getitem__, hl.FuncRef.__getitem__ = self.func_getitem, self.ref_getitem


def component_calls(text):
    """`f$tuple$k(args)` -> `f(args)[k]` (the algorithm file's syntax for a component)."""
    out = []
    i = 0
    pat = re.compile(r"([A-Za-z_][\w$]*?)%s(\d+)\(" % re.escape(TUPLE_MARK))
    while True:
        m = pat.search(text, i)
        if not m:
            out.append(text[i:])
            return "".join(out)
        out.append(text[i:m.start()])
        depth, j = 1, m.end()
        while depth:
            depth += {"(": 1, ")": -1}.get(text[j], 0)
            j += 1
        out.append("%s(%s)[%s]" % (m.group(1), component_calls(text[m.end():j - 1]), m.group(2)))
        i = j


def load(path):
    record_predicates()
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


# Exact float constants. Halide prints a float constant with the stream's precision, 6
# decimals by default (`1.0f / 3200` prints `0.000312f`): tools/halide_exact.cpp, compiled
# here and loaded with ctypes, prints at EXACT_DIGITS (the exact decimal of every float32 and
# of every float64 above 1e-60), and each literal is written back as the shortest decimal that
# reads as the same float (`0.0003125f` for float32(1/3200)). Without a C++ compiler or
# Halide's headers the exporter warns and keeps Halide's 6 decimals.
EXACT_DIGITS = 80
EXACT_ENV = "TENSORPROOF_HALIDE_EXACT"
FLOAT_LIT = re.compile(r"(?<![\w.$])(\d+\.\d+(e[-+]\d+)?)([fh]?)")
_exact = []


def build_exact():
    """The shim's shared library (compiled once per source and Halide version, in the temp
    folder), or None with a warning."""
    import hashlib
    import shutil
    import tempfile
    import halide as hl
    src = os.path.join(os.path.dirname(os.path.abspath(__file__)), "halide_exact.cpp")
    root = os.path.dirname(hl.__file__)
    inc, lib = os.path.join(root, "include"), os.path.join(root, "lib64")
    if not os.path.isdir(lib):
        lib = os.path.join(root, "lib")
    cxx = shutil.which(os.environ.get("CXX", "c++")) or shutil.which("g++")
    if not cxx or not os.path.exists(os.path.join(inc, "Halide.h")):
        sys.stderr.write("warning: no C++ compiler or no Halide.h: float constants keep Halide's 6 decimals\n")
        return None
    with open(src, "rb") as f:
        key = hashlib.sha256(f.read() + halide_version().encode()).hexdigest()[:16]
    so = os.path.join(tempfile.gettempdir(), "tensorproof-halide-exact-%s.so" % key)
    if not os.path.exists(so):
        tmp = "%s.%d" % (so, os.getpid())
        cmd = [cxx, "-O1", "-shared", "-fPIC", "-std=c++17", "-I" + inc, src, "-L" + lib, "-lHalide",
               "-Wl,-rpath," + lib, "-o", tmp]
        got = subprocess.run(cmd, capture_output=True, text=True)
        if got.returncode != 0:
            sys.stderr.write("warning: compiling %s failed: float constants keep Halide's 6 decimals\n%s\n"
                             % (src, got.stderr[-1000:]))
            return None
        os.replace(tmp, so)
    return so


def exact_lib():
    """The loaded shim in a lowering subprocess (None when the parent found none)."""
    if not _exact:
        import ctypes
        path = os.environ.get(EXACT_ENV)
        lib = ctypes.CDLL(path) if path else None
        if lib is not None:
            lib.tp_expr_text.restype = ctypes.c_void_p
            lib.tp_expr_text.argtypes = [ctypes.c_void_p, ctypes.c_int]
            lib.tp_free.argtypes = [ctypes.c_void_p]
            lib.tp_cerr_precision.argtypes = [ctypes.c_int]
        _exact.append(lib)
    return _exact[0]


def shortest_floats(text):
    """Every float literal Halide printed at EXACT_DIGITS, as the shortest decimal that reads
    as the same float of its width (float32 `f`, float16 `h`, else float64). A literal that is
    not the exact print of a float of its width stops the export."""
    import numpy as np

    def one(m):
        digits, sci, suffix = m.group(1), m.group(2), m.group(3)
        width = {"f": np.float32, "h": np.float16}.get(suffix, np.float64)
        v = width(float(digits))
        again = ("%%.%de" if sci else "%%.%df") % EXACT_DIGITS % float(v)
        if again != digits:
            raise SystemExit("the float literal %s%s is not the exact print of a %s" % (digits, suffix, width.__name__))
        if sci:
            short = np.format_float_scientific(v, unique=True, trim="0")
        else:
            short = np.format_float_positional(v, unique=True, trim="0")
        return short + suffix

    return FLOAT_LIT.sub(one, text)


def halide_text(e):
    """Halide's print of an Expr, its float constants exact when the shim is loaded."""
    import ctypes
    import halide as hl
    if not isinstance(e, hl.Expr):
        e = hl.Expr(e)
    s = str(e)
    if s.startswith("<halide.Expr") and s.endswith(">"):
        s = s[s.index(": ") + 2:-1]
    lib = exact_lib()
    if lib is None:
        return s

    def printed(digits):
        # The Halide::Expr a pybind11 instance holds (its first field after the object header).
        ptr = ctypes.c_void_p.from_address(id(e) + 16).value
        raw = lib.tp_expr_text(ptr, digits)
        try:
            return ctypes.string_at(raw).decode()
        finally:
            lib.tp_free(raw)

    if printed(6) != s:
        raise SystemExit("tools/halide_exact.cpp prints `%s` as `%s`: not the Expr pybind11 holds" % (s, printed(6)))
    return shortest_floats(printed(EXACT_DIGITS))


def expr_text(e, inputs):
    s = halide_text(e)
    s = component_calls(s)
    for name in inputs:
        s = re.sub(r"(?<![\w$.])%s_im\(" % re.escape(name), name + "(", s)
    return s


def algorithm(mod, schedule):
    """The algorithm after `schedule` ran (in the lowering subprocess): every Func of the
    pipeline in topological order, Halide's own included (BoundaryConditions wrappers such as
    `repeat_edge` and its `lambda_0`, inline reductions such as `sum`), as plain data."""
    import halide as hl
    PREDICATES.clear()
    with TupleCalls() as tc:
        got = mod.pipeline()
        out, inputs, funcs = got[0], got[1], got[2]
        rdoms = got[3] if len(got) > 3 else []
        mod.SCHEDULES[schedule](funcs)
    names = [p.name() for p in inputs]
    # The Tuple-valued Funcs are outputs too: their consumers call the placeholders.
    pipe = hl.Pipeline([out] + [tc.tuples[n] for n in sorted(tc.tuples)])
    all_funcs = []
    i = 0
    while True:
        try:
            f = pipe.get_func(i)
        except Exception:
            break
        i += 1
        if f.name() in {n + "_im" for n in names} or TUPLE_MARK in f.name():
            continue
        if f.outputs() > 1:
            # A Tuple: `func f(x) : (T0, T1) = tuple(v0, v1)`, its updates `tuple(...)` too.
            def tup(values):
                return "tuple(%s)" % ", ".join(expr_text(values[k], names) for k in range(len(values)))
            all_funcs.append({
                "name": f.name(),
                "args": [str(a) for a in f.args()],
                "type": "(%s)" % ", ".join(type_name(t) for t in f.types()),
                "value": tup(f.values()),
                "updates": [([expr_text(a, names) for a in f.update_args(k)], tup(f.update_values(k)))
                            for k in range(f.num_update_definitions())],
            })
            continue
        all_funcs.append({
            "name": f.name(),
            "args": [str(a) for a in f.args()],
            "type": type_name(f.type()),
            "value": expr_text(f.value(), names),
            "updates": [([expr_text(a, names) for a in f.update_args(k)], expr_text(f.update_value(k), names))
                        for k in range(f.num_update_definitions())],
        })
    # Producers first: a Tuple-valued Func just before its first caller.
    for t in [f for f in all_funcs if f["name"] in tc.tuples]:
        all_funcs.remove(t)
        call = re.compile(CALL % re.escape(t["name"]))
        at = next((i for i, g in enumerate(all_funcs)
                   if any(call.search(x) for x in [g["value"]] + [v for _, v in g["updates"]])),
                  len(all_funcs))
        all_funcs.insert(at, t)
    rdom_lines = []
    for r in rdoms:
        for k in range(r.dimensions()):
            v = r[k]
            rdom_lines.append("rdom %s in [%s, %s)" % (v.name(), expr_text(v.min(), names),
                                                      expr_text(v.min() + v.extent(), names)))
        preds = PREDICATES.get(r.x.name().split("$")[0], [])
        if preds:
            # The predicate goes on the RDom's last variable; it restricts all of them.
            rdom_lines[-1] += " where " + " && ".join("(%s)" % expr_text(p, names) for p in preds)
    return {
        "inputs": [(p.name(), type_name(p.type()), p.dimensions()) for p in inputs],
        "rdoms": rdom_lines,
        "funcs": all_funcs,
        "output": (out.name(), type_name(out.type()), out.dimensions()),
    }, inputs, out


CALL = r"(?<![\w$.])%s\("


def add_wrappers(algo, stmt):
    """Funcs the schedule added (`f.in_(g)`, `f.in_()`, `f.clone_in(g)`) are not in the
    pipeline's Func list: the statement produces them under Halide's names (`f_in_g$0`,
    `f_global_wrapper$0`, `f_clone_in_g$0`). Each becomes a Func (an identity of `f`, or a copy
    of `f` for a clone), and the calls it replaces (in `g`, or everywhere) call it instead."""
    funcs = algo["funcs"]
    inputs = {n: (t, d) for n, t, d in algo["inputs"]}
    known = {f["name"] for f in funcs}
    produced = []
    for m in re.finditer(r"\bproduce ([^\s{]+) \{", stmt):
        if m.group(1) not in known and m.group(1) not in produced:
            produced.append(m.group(1))
    for w in produced:
        m = re.match(r"^(.+?)(_in_(.+)|_global_wrapper|_clone_in_(.+))\$\d+$", w)
        if not m:
            continue
        base, only = m.group(1), m.group(3) or m.group(4)
        clone = m.group(4) is not None
        if base.endswith("_im") and base[:-3] in inputs:
            base = base[:-3]
            ty, dims = inputs[base]
            args = ["_%d" % k for k in range(dims)]
            new = {"name": w, "args": args, "type": ty, "value": "(%s)%s(%s)" % (ty, base, ", ".join(args)),
                   "updates": []}
        else:
            f = next((f for f in funcs if f["name"] == base), None)
            if f is None:
                continue
            if clone:
                ren = lambda t: re.sub(CALL % re.escape(base), w + "(", t)
                new = {"name": w, "args": f["args"], "type": f["type"], "value": ren(f["value"]),
                       "updates": [([ren(a) for a in args], ren(v)) for args, v in f["updates"]]}
            else:
                new = {"name": w, "args": f["args"], "type": f["type"],
                       "value": "(%s)%s(%s)" % (f["type"], base, ", ".join(f["args"])), "updates": []}
        for g in funcs:
            if g["name"] == base or (only is not None and g["name"] != only):
                continue
            ren = lambda t: re.sub(CALL % re.escape(base), w + "(", t)
            g["value"] = ren(g["value"])
            g["updates"] = [([ren(a) for a in args], ren(v)) for args, v in g["updates"]]
        at = next((i + 1 for i, g in enumerate(funcs) if g["name"] == base), 0)
        funcs.insert(at, new)
        known.add(w)


def spec_text(algo, module):
    lines = ["# algorithm exported by tools/halide_export.py from %s" % module]
    for name, ty, dims in algo["inputs"]:
        lines.append("input %s : %s dims %d" % (name, ty, dims))
    lines.extend(algo["rdoms"])
    for f in algo["funcs"]:
        lines.append("func %s(%s) : %s = %s" % (f["name"], ", ".join(f["args"]), f["type"], f["value"]))
        for args, v in f["updates"]:
            lines.append("update %s(%s) = %s" % (f["name"], ", ".join(args), v))
    lines.append("output %s : %s dims %d" % tuple(algo["output"]))
    known = {n for n, _, _ in algo["inputs"]} | {f["name"] for f in algo["funcs"]}
    # Halide's intrinsics the checker models (docs/halide.md); any other call is named.
    intrinsics = {"min", "max", "select", "likely", "likely_if_innermost", "abs", "absd",
                  "saturating_cast", "bitwise_and", "bitwise_or", "bitwise_xor", "bitwise_not",
                  "shift_left", "shift_right", "tuple", "mux", "lerp", "widening_add",
                  "widening_sub", "widening_mul", "saturating_add", "saturating_sub",
                  "halving_add", "halving_sub", "rounding_halving_add", "rounding_shift_right",
                  "rounding_shift_left", "undef", "strict_add", "strict_sub", "strict_mul",
                  "strict_div", "strict_lt", "strict_le", "strict_eq"}
    # The float math the checker models (crates/halide/src/math.rs), in both spellings.
    math = r"^(sqrt|exp|log|pow|floor|ceil|round|trunc|sin|cos|tanh)(_f16|_f32|_f64)?$"
    for line in lines[1:]:
        for called in re.findall(r"([A-Za-z_][A-Za-z0-9_$.]*)\(", line.split("=", 1)[-1]):
            if called not in known and called not in intrinsics and not re.match(math, called) \
                    and not re.match(r"^u?int[0-9]+$|^float[0-9]+$", called):
                sys.stderr.write("warning: %s: the algorithm calls `%s`, which is neither a Func of the "
                                 "pipeline nor an input; the checker will say unknown\n" % (module, called))
    return "\n".join(lines) + "\n"


SPEC_MARK = "#halide_export algorithm: "


def lower(path, schedule):
    """In the subprocess: schedule, print the algorithm (one JSON line on stdout), lower, and
    let Halide print the log on stderr."""
    import json
    import halide as hl
    mod = load(path)
    # The algorithm is built in a child process (its Tuple placeholders stay out of the
    # lowered pipeline, and Halide renames a second Func of one name, `out$1`): the parent
    # builds the pipeline it lowers afresh.
    r, w = os.pipe()
    pid = os.fork()
    if pid == 0:
        os.close(r)
        with os.fdopen(w, "w") as f:
            f.write(json.dumps(algorithm(mod, schedule)[0]))
        os._exit(0)
    os.close(w)
    with os.fdopen(r) as f:
        algo = f.read()
    _, status = os.waitpid(pid, 0)
    if status != 0 or not algo:
        raise SystemExit("building the algorithm of %s under %s failed" % (path, schedule))
    sys.stdout.write(SPEC_MARK + algo + "\n")
    sys.stdout.flush()
    got = mod.pipeline()
    out, inputs = got[0], got[1]
    mod.SCHEDULES[schedule](got[2])
    target = hl.Target("host").without_feature(hl.TargetFeature.AVX512)
    if exact_lib() is not None:
        exact_lib().tp_cerr_precision(EXACT_DIGITS)
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


def write_manifest(folder):
    """FOLDER/manifest.json from the `# expect:` headers of FOLDER's statements (written from
    the pipelines' EXPECT tables, or by hand in broken-*.stmt), with what each header says the
    case is (its first comment line)."""
    import json
    cases = {}
    for name in sorted(os.listdir(folder)):
        if not name.endswith(".stmt"):
            continue
        head = []
        with open(os.path.join(folder, name)) as f:
            for line in f:
                if not line.startswith("#"):
                    break
                head.append(line[1:].strip())
        entry = {}
        for h in head:
            if h.startswith("expect:"):
                words = h[len("expect:"):].split()
                entry["expect"] = words[0]
                if len(words) > 1:
                    entry["witness_kind"] = words[1]
        if "expect" not in entry:
            continue
        if head:
            entry["about"] = head[0]
        cases[name[:-len(".stmt")]] = entry
    doc = {"about": "expected verdicts of tensorproof halide --suite (docs/halide.md); generated by "
                    "tools/halide_export.py --manifest from the statements' headers",
           "cases": cases}
    with open(os.path.join(folder, "manifest.json"), "w") as f:
        json.dump(doc, f, indent=1, sort_keys=True)
        f.write("\n")


def main(argv):
    if len(argv) >= 3 and argv[0] == "--lower":
        lower(argv[1], argv[2])
        return
    if len(argv) == 2 and argv[0] == "--manifest":
        write_manifest(argv[1])
        return
    if len(argv) < 2:
        raise SystemExit(__doc__)
    path, out_dir = argv[0], argv[1]
    wanted = [argv[i + 1] for i in range(2, len(argv) - 1) if argv[i] == "--schedule"]
    import json
    mod = load(path)
    base = os.path.splitext(os.path.basename(path))[0]
    os.makedirs(out_dir, exist_ok=True)
    env = dict(os.environ, HL_DEBUG_CODEGEN="2")
    exact = build_exact()
    if exact:
        env[EXACT_ENV] = exact
    scheds = wanted or list(mod.SCHEDULES)
    # Each schedule in its own process, all at once (the regeneration test exports the whole
    # corpus); results in the module's order.
    procs = [subprocess.Popen([sys.executable, os.path.abspath(__file__), "--lower", path, sched],
                              env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
             for sched in scheds]
    for sched, proc in zip(scheds, procs):
        stdout, stderr = proc.communicate(timeout=600)
        if proc.returncode != 0:
            raise SystemExit("lowering %s under %s failed:\n%s" % (path, sched, stderr[-2000:]))
        line = next(l for l in stdout.splitlines() if l.startswith(SPEC_MARK))
        algo = json.loads(line[len(SPEC_MARK):])
        stmt = cut(stderr)
        if exact:
            stmt = shortest_floats(stmt)
        add_wrappers(algo, stmt)
        name = "%s-%s" % (base, sched)
        with open(os.path.join(out_dir, name + ".spec"), "w") as f:
            f.write(spec_text(algo, os.path.basename(path)))
        with open(os.path.join(out_dir, name + ".stmt"), "w") as f:
            f.write("# statement exported by tools/halide_export.py: %s, schedule %s (Halide %s)\n" % (os.path.basename(path), sched, halide_version()))
            f.write("# expect: %s\n" % getattr(mod, "EXPECT", {}).get(sched, "verified"))
            if exact:
                f.write("# floats: exact (each constant the shortest decimal that reads as its float)\n")
            f.write(stmt)
        print(name)


def halide_version():
    try:
        from importlib.metadata import version
        return version("halide")
    except Exception:
        return "?"


if __name__ == "__main__":
    main(sys.argv[1:])
