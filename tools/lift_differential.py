"""Differential check of `tensorproof lift`: run a file's launchers in Triton's CPU interpreter
and compare every output with the lifted NumPy formula.

    python tools/lift_differential.py KERNEL.py LIFTED.jsonl
    python tools/lift_differential.py --serve


LIFTED.jsonl is what `tensorproof lift --json KERNEL.py` prints (result records with `kernel`,
`launcher`, `numpy`, `inputs`, `outputs`, `scalars`, `sizes`). Prints one JSON line per kernel:
`{kernel, status, cases, worst, details}` where `status` is `agree`, `disagree` or `skipped`
(with a `reason`). Exit code 0 when no kernel disagrees, 1 otherwise, 2 on bad input.

`--serve` checks many files in one process (what `tensorproof lift --differential` runs): it
imports NumPy and Triton once, then reads requests from stdin, one JSON line each
(`{"file": KERNEL.py, "records": LIFTED.jsonl, "stderr": LOG}`), and answers each in a child
forked for it (so each file runs as in a process of its own, its stderr written to LOG): the
child's result lines, then `{"done": true, "exit": N}` (N the child's exit code, or minus the
signal that ended it). Importing Triton costs about half a CPU second; a fork, milliseconds.

This runs the user's file (it imports it), under TRITON_INTERPRET=1 with a small torch-like
module backed by NumPy (`import torch` in the file gets it: torch is not needed).
`@triton.autotune` is replaced by a wrapper that runs one chosen `triton.Config` (each one in
turn); triton 3.2's own would look for a GPU benchmarker at the first launch.
"""

import contextlib
import importlib
import importlib.util
import inspect
import itertools
import json
import math
import os
import re
import sys
import traceback
import types

os.environ["TRITON_INTERPRET"] = "1"

import numpy as np  # noqa: E402

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import lift_memcheck  # noqa: E402
from lift_memcheck import MONITOR  # noqa: E402

RTOL = 1e-4
ATOL = 1e-5

# ------------------------------------------------------------------------------------------
# A torch-like module over NumPy: what Triton 3.2's interpreter and ordinary launchers use.


class _Dtype:
    def __init__(self, name, np_type):
        self.name = name
        self.np = np.dtype(np_type)
        self.itemsize = self.np.itemsize
        self.is_floating_point = self.np.kind == "f"

    def __repr__(self):
        return f"torch.{self.name}"

    __str__ = __repr__


_DTYPES = {
    "float32": _Dtype("float32", np.float32),
    "float16": _Dtype("float16", np.float16),
    "float64": _Dtype("float64", np.float64),
    "int32": _Dtype("int32", np.int32),
    "int64": _Dtype("int64", np.int64),
    "int8": _Dtype("int8", np.int8),
    "uint8": _Dtype("uint8", np.uint8),
    "bool": _Dtype("bool", np.bool_),
}


def _dtype_of(np_dtype):
    for d in _DTYPES.values():
        if d.np == np.dtype(np_dtype):
            return d
    raise TypeError(f"no torch dtype for {np_dtype}")


class _Device:
    def __init__(self, kind="cuda", index=0):
        self.type = kind
        self.index = index

    def __repr__(self):
        return f"device(type='{self.type}', index={self.index})"

    def __eq__(self, other):
        return True

    def __hash__(self):
        return 0


_DEVICE = _Device()


class Tensor:
    """A view of a NumPy array: the memory Triton's interpreter reads by address."""

    def __init__(self, array, valid=None):
        self.a = array
        MONITOR.register(array, valid)

    # what the interpreter needs
    def data_ptr(self):
        return self.a.__array_interface__["data"][0]

    def cpu(self):
        return self

    def to(self, *args, **kwargs):
        dtype = kwargs.get("dtype")
        for a in args:
            if isinstance(a, _Dtype):
                dtype = a
        if dtype is not None and dtype.np != self.a.dtype:
            return Tensor(self.a.astype(dtype.np))
        return self

    @property
    def data(self):
        return self

    def copy_(self, other):
        src = other.a if isinstance(other, Tensor) else np.asarray(other)
        if src.__array_interface__["data"][0] != self.data_ptr() or src.strides != self.a.strides:
            np.copyto(self.a, src)
        return self

    @property
    def device(self):
        return _DEVICE

    is_cuda = True

    @property
    def dtype(self):
        return _dtype_of(self.a.dtype)

    # shapes and strides, in elements
    @property
    def shape(self):
        return tuple(self.a.shape)

    def size(self, d=None):
        return tuple(self.a.shape) if d is None else self.a.shape[d]

    def stride(self, d=None):
        s = tuple(x // self.a.itemsize for x in self.a.strides)
        return s if d is None else s[d]

    def numel(self):
        return int(self.a.size)

    def dim(self):
        return self.a.ndim

    @property
    def ndim(self):
        return self.a.ndim

    def element_size(self):
        return self.a.itemsize

    def is_contiguous(self):
        return self.a.flags["C_CONTIGUOUS"]

    def contiguous(self):
        return self if self.is_contiguous() else Tensor(np.ascontiguousarray(self.a))

    def view(self, *shape):
        if len(shape) == 1 and isinstance(shape[0], (tuple, list)):
            shape = tuple(shape[0])
        if len(shape) == 1 and isinstance(shape[0], _Dtype):
            return Tensor(self.a.view(shape[0].np))
        return Tensor(self.a.reshape(shape))

    reshape = view

    def view_as(self, other):
        return self.view(other.shape)

    reshape_as = view_as

    # `x.new_empty(shape)` and friends: a new tensor of `x`'s dtype.
    def new_empty(self, *shape, dtype=None, **_):
        return _new(np.nan, *shape, dtype=dtype or self.dtype)

    def new_zeros(self, *shape, dtype=None, **_):
        return _new(0, *shape, dtype=dtype or self.dtype)

    def new_ones(self, *shape, dtype=None, **_):
        return _new(1, *shape, dtype=dtype or self.dtype)

    def new_full(self, shape, value, dtype=None, **_):
        return _new(value, shape, dtype=dtype or self.dtype)

    def flatten(self):
        return Tensor(self.a.reshape(-1))

    def numpy(self):
        return self.a

    def __getitem__(self, index):
        """A NumPy view (`out[0]`, `x[:, :n]`)."""
        return Tensor(np.asarray(self.a[index]))

    def __len__(self):
        return self.a.shape[0]

    def __repr__(self):
        return f"tensor({self.a!r})"


def _shape(args):
    if len(args) == 1 and isinstance(args[0], (tuple, list)):
        return tuple(int(x) for x in args[0])
    return tuple(int(x) for x in args)


def _new(fill, *shape, dtype=None, **_):
    d = (dtype or _DTYPES["float32"]).np
    return Tensor(np.full(_shape(shape), fill, dtype=d))


def _empty_strided(shape, strides, dtype=None, **_):
    """A tensor of `shape` with element `strides`, over a buffer just large enough."""
    d = (dtype or _DTYPES["float32"]).np
    shape, strides = _shape((shape,)), _shape((strides,))
    span = 1 + sum((n - 1) * s for n, s in zip(shape, strides)) if all(shape) else 0
    base = np.full(max(span, 1), np.nan, dtype=d)
    view = np.lib.stride_tricks.as_strided(
        base, shape, tuple(s * base.itemsize for s in strides), writeable=True)
    return Tensor(view)


def _like(fill):
    def make(t, dtype=None, **_):
        d = (dtype or t.dtype).np
        return Tensor(np.full(t.shape, fill, dtype=d))

    return make


class _TorchModule(types.ModuleType):
    """The torch-like module: what it lacks (`torch.amp`, `torch.distributed`) is a stub, so
    module-level code that only names it loads; a launch that calls a stub is not compared."""

    def __getattr__(self, name):
        if name.startswith("__"):
            raise AttributeError(name)
        return _Stub(f"torch.{name}")


def _torch_module():
    m = _TorchModule("torch")
    m.Tensor = Tensor
    m.dtype = _Dtype
    for name, d in _DTYPES.items():
        setattr(m, name, d)
    m.float = _DTYPES["float32"]
    m.half = _DTYPES["float16"]
    m.double = _DTYPES["float64"]
    m.int = _DTYPES["int32"]
    m.long = _DTYPES["int64"]
    m.empty = lambda *s, **k: _new(np.nan, *s, **k)
    m.zeros = lambda *s, **k: _new(0, *s, **k)
    m.ones = lambda *s, **k: _new(1, *s, **k)
    m.full = lambda shape, value, **k: _new(value, *shape, **k)
    m.empty_strided = _empty_strided
    m.empty_like = _like(np.nan)
    m.zeros_like = _like(0)
    m.ones_like = _like(1)
    m.device = _Device
    m.Size = tuple
    m.is_tensor = lambda x: isinstance(x, Tensor)
    cuda = types.ModuleType("torch.cuda")
    cuda.is_available = lambda: True
    cuda.current_device = lambda: 0
    cuda.set_device = lambda *_: None
    cuda.device = lambda *_: _Nothing()
    cuda.get_device_capability = lambda *_: (8, 0)
    m.cuda = cuda
    autograd = types.ModuleType("torch.autograd")

    class Function:
        @classmethod
        def apply(cls, *args):
            return cls.forward(_Nothing(), *args)

    autograd.Function = Function
    m.autograd = autograd
    m.no_grad = lambda: _Nothing()
    # Triton's backends probe `torch.version` when they look for an active driver.
    m.version = types.SimpleNamespace(hip=None, cuda="12.0", __version__="0.0")
    m.__version__ = "2.5.0"
    return m


class _Nothing:
    def __enter__(self):
        return self

    def __exit__(self, *_):
        return False

    def __call__(self, f):
        return f

    def save_for_backward(self, *_):
        pass


# ------------------------------------------------------------------------------------------
# Autotune: one chosen configuration per run.

CONFIG = [0]


class _Tuned:
    def __init__(self, fn, configs):
        self.fn = fn
        self.configs = configs
        self.arg_names = getattr(fn, "arg_names", [])

    def __getitem__(self, grid):
        def launch(*args, **kwargs):
            cfg = self.configs[CONFIG[0] % len(self.configs)]
            kw = dict(kwargs)
            kw.update(cfg.kwargs)
            g = grid
            if callable(grid):
                meta = dict(zip(self.arg_names, args))
                meta.update(kw)
                g = grid(meta)
            return self.fn[g](*args, **kw)

        return launch


def _install():
    sys.modules["torch"] = _torch_module()
    import triton

    def autotune(configs, key=None, **_):
        def wrap(fn):
            return _Tuned(fn, configs)

        return wrap

    triton.autotune = autotune
    lift_memcheck.install()
    _patch_libdevice()
    _patch_reduce_dtype()
    _patch_block_truth()
    return triton


def _patch_block_truth():
    """Triton 3.2's interpreter runs the kernel as Python, and its blocks have no truth
    value of their own: `offset < numel and cols < N` is then `cols < N` (the first block
    is always true, 3.2's `_patch_lang_tensor`), where the compiler takes both lane by lane (`logical_and`: FlagGems'
    `count_nonzero_kernel`). A block of more than one lane in a truth context stops the run:
    the interpreter cannot run it (not a disagreement); one lane is its value."""
    from triton.runtime import interpreter

    def truth(self):
        data = np.asarray(self.handle.data)
        caller = sys._getframe(1).f_code.co_filename
        if f"{os.sep}triton{os.sep}" in caller:
            # Triton's own code tests a block as an object (`if mask:` is "a mask was
            # given"), as in compiled mode; the interpreter's reading of a one-lane block by
            # its value made a masked-off one-lane store unmasked (block size 1: FlagGems
            # `select_scatter_kernel`, `_std_fused_dim_kernel` stored 0.0 past the end).
            return True
        if data.size != 1:
            raise TypeError("the interpreter cannot run a Python truth value of a block (`and`, `or`, `if` of several lanes)")
        return bool(data.reshape(()))

    # The interpreter sets its own (a block of several lanes is true) at each launch.
    original = interpreter._patch_lang_tensor

    def patch(tensor):
        original(tensor)
        tensor.__bool__ = truth

    interpreter._patch_lang_tensor = patch


def _patch_reduce_dtype():
    """Triton 3.2's interpreter reduces and scans blocks with NumPy (`np.sum`, `np.cumsum`),
    which widen int32 to int64, and labels the result with the input's type: a store of that
    block then writes 8 bytes per int32 element, past the end of the buffer (heap corruption,
    `corrupted size vs. prev_size`). Its results are cast back to the type they are labelled
    with (wrapping, as the compiled kernel's int32 sum does)."""
    from triton.runtime import interpreter

    original = interpreter.ReduceScanOpIneterface.to_tensor

    def to_tensor(self, ret, dtype):
        if hasattr(ret, "shape") and ret.shape:
            ret = np.asarray(ret).astype(interpreter._get_np_dtype(dtype), copy=False)
        return original(self, ret, dtype)

    interpreter.ReduceScanOpIneterface.to_tensor = to_tensor


def _patch_libdevice():
    """Triton 3.2's interpreter patches `tl.math` but not libdevice: elementwise NumPy forms."""
    import triton.language as tl
    from triton.runtime.interpreter import TensorHandle

    erf = np.vectorize(math.erf, otypes=[np.float64])

    def lift1(f):
        def g(x, *rest, **_):
            args = [x, *rest]
            ts = [a for a in args if isinstance(a, tl.core.tensor)]
            t = ts[0]
            vals = [a.handle.data if isinstance(a, tl.core.tensor) else a for a in args]
            out = np.asarray(f(*vals)).astype(t.handle.data.dtype)
            return tl.core.tensor(TensorHandle(out, t.handle.dtype), t.type)

        return g

    table = {
        "tanh": np.tanh, "erf": erf, "exp": np.exp, "exp2": np.exp2, "log": np.log,
        "log2": np.log2, "sqrt": np.sqrt, "rsqrt": lambda x: 1.0 / np.sqrt(x), "sin": np.sin,
        "cos": np.cos, "pow": np.power, "fast_expf": np.exp, "fast_logf": np.log,
        "abs": np.abs, "fabs": np.abs, "floor": np.floor, "ceil": np.ceil,
        "fmax": np.maximum, "fmin": np.minimum, "div_rn": np.divide, "sigmoid": lambda x: 1 / (1 + np.exp(-x)),
    }
    def class_test(f):
        # libdevice's class tests give `int1` blocks.
        def g(x, **_):
            out = np.asarray(f(x.handle.data))
            ty = tl.core.block_type(tl.int1, x.type.shape) if x.type.is_block() else tl.int1
            return tl.core.tensor(TensorHandle(out, tl.int1), ty)

        return g

    classes = {"isnan": np.isnan, "isinf": np.isinf, "finitef": np.isfinite, "isfinited": np.isfinite}
    for name in ("triton.language.extra.cuda.libdevice", "triton.language.extra.libdevice"):
        try:
            mod = importlib.import_module(name)
        except Exception:
            continue
        for f, impl in table.items():
            if hasattr(mod, f):
                setattr(mod, f, lift1(impl))
        for f, impl in classes.items():
            if hasattr(mod, f):
                setattr(mod, f, class_test(impl))


# ------------------------------------------------------------------------------------------
# Cases: sizes, random inputs, a launch, a comparison.

SIZES_1D = [1, 37, 1000, 1029]
SIZES_2D = [(1, 1), (3, 37), (5, 130), (2, 1029)]


def _cases(n_sizes):
    """Size vectors: one element, sizes that are no multiple of a block, several programs."""
    if n_sizes == 0:
        return [()]
    if n_sizes == 1:
        return [(n,) for n in SIZES_1D]
    out = []
    for a, b in SIZES_2D:
        out.append(tuple([a] * (n_sizes - 1) + [b]))
    return out


def _classes(rec):
    """Whether the record's formula tests a value's class (`isnan(x[i])`, `x[i] == inf`):
    then inputs include NaN and infinities."""
    return re.search(r"np\.is(nan|inf|finite|posinf|neginf)\(", rec.get("numpy") or "") is not None


def _normal(rng, shape, special):
    """Standard normal float32 values; with `special`, about one in four is NaN, +inf or -inf."""
    a = rng.standard_normal(shape).astype(np.float32)
    if special and a.size:
        pick = rng.integers(0, 8, size=a.shape)
        a = np.where(pick == 0, np.float32(np.nan), a)
        a = np.where(pick == 1, np.float32(np.inf), a)
        a = np.where(pick == 2, np.float32(-np.inf), a)
    return a.astype(np.float32)


def _tensor(rng, shape, padded, special=False):
    """Random float32 values; a rank-2 tensor with `padded` has 3 spare columns per row."""
    shape = tuple(int(s) for s in shape)
    if padded and len(shape) == 2:
        base = _normal(rng, (shape[0], shape[1] + 3), special)
        return Tensor(base[:, : shape[1]])
    return Tensor(_normal(rng, shape, special))


def _variants(base):
    """`base` first, then the other vectors over its values and 1, for launchers whose asserts
    relate sizes (a bias as long as a row, a one-element scale)."""
    values = sorted(set(base) | {1})
    out = [tuple(base)]
    for v in itertools.product(values, repeat=len(base)):
        if v not in out:
            out.append(v)
    return out


def _launcher_params(rec, env):
    """Launcher parameters that the record's sizes name by `int(inputs["P"])` (a size the
    launcher takes as an integer argument, renamed when its name is taken)."""
    sources = dict(rec["sizes"])
    params = {}
    for name, source in rec["sizes"]:
        m = re.fullmatch(r'int\(inputs\["(\w+)"\]\)', source or "")
        if m and name in env:
            param = m.group(1)
            params[param] = env[name]
            # Renamed because the kernel's block size of the same name is checked as a power
            # of two from it (`kernel_size_lo`, `kernel_size`): the launcher passes the block
            # size itself, which Triton compiles only as that power of two.
            if sources.get(param) == f"(1 << ({name} - 1).bit_length())" and param in env:
                params[param] = env[param]
    return params


def _launch(rec, launcher, env, padded, rng):
    """Runs the launcher on random inputs of the sizes `env`: (the arguments, the launcher's
    locals at its return, the inputs as NumPy arrays), or a reason it was not run."""
    MONITOR.reset()
    STUB_CALLS.clear()
    inputs = {}
    for t in rec["inputs"]:
        shape = [eval(s, {}, dict(env)) for s in t["shape"]]
        inputs[t["name"]] = _tensor(rng, shape, padded, _classes(rec))
    for s in rec["scalars"]:
        inputs[s] = float(rng.uniform(0.05, 1.5))
    params = _launcher_params(rec, env)
    args = {}
    sig = inspect.signature(launcher)
    out_shapes = {o["name"]: [eval(s, {}, dict(env)) for s in o["shape"]] for o in rec["outputs"]}
    for p in sig.parameters.values():
        if p.name in inputs:
            args[p.name] = inputs[p.name]
        elif p.name in params:
            args[p.name] = params[p.name]
        elif p.name in env:
            args[p.name] = env[p.name]
        elif p.name in out_shapes:
            args[p.name] = Tensor(np.zeros(out_shapes[p.name], dtype=np.float32))
        elif p.name == "ctx" and not args:
            # `torch.autograd.Function.forward(ctx, ...)`: a context that records nothing.
            args[p.name] = _Nothing()
        elif p.default is inspect.Parameter.empty:
            return None, f"cannot supply the launcher's argument `{p.name}`"
    # The launcher's locals at its return hold the outputs it allocated.
    seen = {}

    def tracer(frame, event, arg):
        if frame.f_code is launcher.__code__:
            if event == "return":
                seen.update(frame.f_locals)
                seen["<return>"] = arg
            return tracer
        return None

    np_inputs = {k: (v.a.copy() if isinstance(v, Tensor) else v) for k, v in inputs.items()}
    for n, _ in rec["sizes"]:
        np_inputs.setdefault(n, env[n])
    old = sys.gettrace()
    sys.settrace(tracer)
    try:
        launcher(**args)
    except AssertionError as e:
        return None, f"the launcher's assert failed ({e or 'assert'})"
    finally:
        sys.settrace(old)
    return (args, seen, np_inputs), None


def _faults():
    return "; ".join(f"{f['kind']}: {f['what']}" for f in MONITOR.faults[:3])


def _run_case(mod, rec, launcher, sizes, padded, rng):
    env = dict(zip([n for n, _ in rec["sizes"]], sizes))
    ran, skip = _launch(rec, launcher, env, padded, rng)
    if skip:
        return None, skip
    args, seen, np_inputs = ran
    if MONITOR.faults:
        why = f"memory fault in Triton's interpreter: {_faults()}"
        return {"ok": False, "worst": math.inf, "why": why}, None
    ns = {}
    exec(rec["numpy"], ns)
    want = ns["formula"](**np_inputs)
    worst = 0.0
    bad = []
    for name, expected in want.items():
        if name not in args and name in np_inputs:
            # `out[i] = ... + out[i]` over an output the launcher allocates itself
            # (`torch.zeros`): the formula's `out` was random here, the run's was not.
            return None, f"the formula reads `{name}`'s prior contents, which the launcher allocates"
        got = args.get(name, seen.get(name))
        if not isinstance(got, Tensor):
            ret = seen.get("<return>")
            if isinstance(ret, Tensor) and len(want) == 1:
                got = ret
            else:
                return None, f"the output `{name}` was not found in the launcher"
        g = np.asarray(got.a, dtype=np.float64)
        if g.shape != expected.shape:
            return {"ok": False, "worst": math.inf, "why": f"{name}: shape {g.shape} vs {expected.shape}"}, None
        both_nan = np.isnan(g) & np.isnan(expected)
        same_inf = np.isinf(g) & (g == expected)
        err = np.abs(g - expected) / (ATOL + RTOL * np.abs(expected))
        err = np.where(both_nan | same_inf, 0.0, err)
        err = np.where(np.isnan(err), np.inf, err)
        w = float(err.max()) if err.size else 0.0
        if w > worst:
            worst = w
        if w > 1.0:
            at = np.unravel_index(int(np.argmax(err)), err.shape)
            bad.append(f"{name}{list(map(int, at))}: triton {g[at]!r}, formula {expected[at]!r}")
    return {"ok": not bad, "worst": worst, "why": "; ".join(bad)}, None


def _confirm(rec, launcher, rng):
    """A refutation's memory fault run in Triton's interpreter at its counterexample's sizes:
    `confirmed` when the run shows a fault of the kind claimed (an access outside every
    buffer, two programs storing to one address), `not confirmed` when it shows none."""
    cex = rec.get("counterexample") or {}
    what = (cex.get("mismatch") or {}).get("what", "")
    sizes = (cex.get("maps") or {}).get("sizes") or {}
    if (cex.get("mismatch") or {}).get("kind") != "target-ub":
        return {"status": "skipped", "reason": "a refutation by values: the harness confirms memory faults"}
    claim = "race" if "both store" in what else "out-of-bounds"
    missing = [n for n, _ in rec["sizes"] if n not in sizes]
    if missing:
        return {"status": "skipped", "reason": f"the counterexample gives no value of {missing}"}
    env = {n: int(sizes[n]) for n, _ in rec["sizes"]}
    try:
        ran, skip = _launch(rec, launcher, env, False, rng)
    except Exception as e:
        why = f"{type(e).__name__}: {e}".splitlines()[0][:300]
        return {"status": "skipped", "reason": f"the launch failed in Triton's interpreter ({why})"}
    if STUB_CALLS:
        return {"status": "skipped", "reason": f"the launch calls `{STUB_CALLS[0]}`, a stub here"}
    if skip:
        return {"status": "not confirmed", "reason": skip, "sizes": env}
    faults = [f for f in MONITOR.faults if f["kind"] == claim]
    if not faults:
        seen = _faults() or "no memory fault"
        return {"status": "not confirmed", "reason": f"the run at the counterexample's sizes shows {seen}", "sizes": env}
    return {"status": "confirmed", "claim": what, "sizes": env, "seen": [f["what"] for f in faults[:3]]}


# ------------------------------------------------------------------------------------------
# Kernel-level claims: the kernel itself launched from its record's recipe (`launches`).

# Values a size takes (a number of programs: GRID_VALUES), and the most elements a tensor
# of a case may have (the interpreter runs a program's lanes with NumPy, one op at a time).
SIZE_VALUES = [1, 2, 3, 5, 8, 13, 37, 130]
GRID_VALUES = [1, 2, 3]
MAX_ELEMENTS = 70000
# Size vectors drawn per case of the claim, and cases of the claim run (block sizes, configs).
DRAWS = 3
MAX_LAUNCHES = 4


def _view(launch, name):
    """The pointer parameter of `launch` that is the tensor `name`."""
    return next(p for p in launch["params"] if p["role"] == "pointer" and p["tensor"] == name)


def _strides(p, shape, env):
    if p.get("strides") is not None:
        return [int(eval(s, {}, env)) for s in p["strides"]]
    out, step = [], 1
    for n in reversed(shape):
        out.insert(0, step)
        step *= max(n, 1)
    return out


def _size_vectors(launch, rng, formula=""):
    """Size assignments for a case: every size 1 (one program), then draws whose programs
    are a few per axis, each satisfying the claim's preconditions (`facts`), with every
    tensor at most MAX_ELEMENTS elements."""
    grid_sizes = {g for g in launch["grid"] if g in launch["sizes"]}
    derived = dict(launch["derived"])
    free = [n for n in launch["sizes"] if n not in derived]
    # A size that only a tensor's shape names (`A_dim0`, `len_B`) is drawn as large as the
    # largest length (an integer parameter or program count, strides aside), so that the
    # accesses they bound fall inside the views; a precondition `e <= stride` then raises
    # the stride.
    ints = {p["value"] for p in launch["params"] if p["role"] == "int"}
    strides = {s for p in launch["params"] for s in (p.get("strides") or [])}
    shape_only = [n for n in free if n not in ints and n not in grid_sizes]
    lengths = [n for n in free if n not in strides and n not in shape_only]
    raises = [m.groups() for m in (re.fullmatch(r"(.*) <= (\w+)", f) for f in launch["facts"]) if m]
    out = []
    for attempt in range(400):
        if len(out) == DRAWS:
            break
        if attempt == 0:
            env = {n: 1 for n in free}
        else:
            env = {n: int(rng.choice(GRID_VALUES if n in grid_sizes else SIZE_VALUES)) for n in free}
            if True:
                # Shorter, a dimension would let the kernel's reads past its end land on
                # other elements of the view (no gap, so no fault), where the formula reads
                # past the view's end: not the claim. A constexpr the formula names bounds its reductions (`sum(k < head_dim,
                # ...)`): a view's dimension shorter than it would let the kernel's reads
                # past its end land on other elements of the view, unseen as a fault.
                named = [int(p["value"]) for p in launch["params"] if p["role"] == "constexpr"
                         and re.fullmatch(r"\d+", p["value"] or "")
                         and re.search(rf"\b{p['name']}\b", formula)]
                top = max([env[n] for n in lengths] + named or [1])
                # Twice as long and one more where the tensors stay small enough (a formula
                # may read `x[i, j + H]`), else as long.
                long = 2 * top + 1 if attempt < 200 else top
                env.update({n: long for n in shape_only})
                for _ in range(3):
                    for lhs, name in raises:
                        if name in free:
                            env[name] = max(env[name], int(eval(lhs, {}, dict(env))))
        try:
            for n in launch["sizes"]:
                if n in derived:
                    env[n] = int(eval(derived[n], {}, dict(env)))
            ok = all(eval(f, {}, dict(env)) for f in launch["facts"])
            pointers = [p for p in launch["params"] if p["role"] == "pointer"]
            big = any(math.prod(int(eval(s, {}, dict(env))) for s in p["shape"]) > MAX_ELEMENTS for p in pointers)
        except (ZeroDivisionError, ValueError):
            continue
        if ok and not big and env not in out:
            out.append(env)
    return out


def _kernel_level_case(kernel, rec, launch, env, rng):
    """One run of the kernel at sizes `env`: compares every element it stores to an output
    with the formula at that element's view index. (result, None) or (None, why skipped)."""
    import triton.language as tl

    MONITOR.reset()
    outputs = {o["name"] for o in rec["outputs"]}
    buffers, views, args = {}, {}, {}
    inputs = dict(env)
    for p in launch["params"]:
        role, value = p["role"], p.get("value")
        if role == "pointer":
            name = p["tensor"]
            if name not in buffers:
                shape = [int(eval(s, {}, dict(env))) for s in p["shape"]]
                strides = _strides(p, shape, dict(env))
                span = 1 + sum((n - 1) * st for n, st in zip(shape, strides)) if all(shape) else 1
                fresh = name in outputs and name not in {t["name"] for t in rec["inputs"]}
                base = np.full(span, np.nan, np.float32) if fresh else _normal(rng, span, _classes(rec))
                valid = np.zeros(span, dtype=bool)
                for ix in itertools.product(*[range(n) for n in shape]):
                    valid[sum(i * st for i, st in zip(ix, strides))] = True
                # Only the view's elements are its tensor: an access to a gap between its
                # rows is out of bounds, like one past its end.
                buffers[name] = Tensor(base, valid)
                view = np.lib.stride_tricks.as_strided(base, shape, [st * base.itemsize for st in strides])
                views[name] = (shape, strides)
                inputs[name] = view.copy()
            args[p["name"]] = buffers[name]
        elif role in ("int", "constexpr"):
            args[p["name"]] = int(eval(value, {}, dict(env)))
            if role == "constexpr":
                # A kernel-level formula may name it (`sum(k < min(n, BLOCK), ...)`).
                inputs.setdefault(p["name"], args[p["name"]])
        elif role == "real":
            inputs.setdefault(value, float(rng.uniform(0.05, 1.5)))
            args[p["name"]] = inputs[value]
        elif role in ("float", "bool", "str", "cond"):
            args[p["name"]] = eval(value, {}, dict(env))
        elif role == "dtype":
            args[p["name"]] = getattr(tl, value)
    grid = tuple(int(eval(g, {}, dict(env))) for g in launch["grid"]) or (1,)
    kernel[grid](**args)
    if MONITOR.faults:
        return None, f"a memory fault at sizes {env}, where a precondition of the claim fails: {_faults()}"
    ns = {}
    exec(rec["numpy"], ns)
    want = ns["formula"](**inputs)
    written = np.unique(np.concatenate(MONITOR.written)) if MONITOR.written else np.zeros(0, np.int64)
    worst, bad, stored = 0.0, [], 0
    for name, expected in want.items():
        if name not in views:
            return None, f"the output `{name}` is no pointer of the launch"
        shape, strides = views[name]
        t = buffers[name]
        low, size = t.data_ptr(), t.a.itemsize
        mine = written[(written >= low) & (written < low + t.a.nbytes)]
        offsets = (mine - low) // size
        index = {}
        for ix in itertools.product(*[range(n) for n in shape]):
            index[sum(i * st for i, st in zip(ix, strides))] = ix
        for off in offsets.tolist():
            if off not in index:
                return None, f"a store to element {off} of `{name}`'s memory, outside its view (a precondition of the claim)"
            ix = index[off]
            g, e = float(t.a[off]), float(np.asarray(expected)[ix])
            stored += 1
            if (math.isnan(g) and math.isnan(e)) or (math.isinf(g) and g == e):
                continue
            err = abs(g - e) / (ATOL + RTOL * abs(e))
            err = math.inf if math.isnan(err) else err
            worst = max(worst, err)
            if err > 1.0 and len(bad) < 3:
                bad.append(f"{name}{list(ix)}: triton {g!r}, formula {e!r}")
    return {"ok": not bad, "worst": worst, "why": "; ".join(bad), "stored": stored}, None


def _kernel_level(mod, rec, seed):
    """A verified kernel-level claim: the kernel launched by its record's recipe, at a few
    sizes per case, every stored element compared with the formula."""
    import triton

    kernel = getattr(mod, rec["kernel"], None)
    # The JIT function itself under its autotune and heuristics wrappers: the launch passes
    # every parameter, constexprs included, at the values of the claim's case.
    while isinstance(kernel, (_Tuned, triton.runtime.Heuristics, triton.runtime.Autotuner)):
        kernel = kernel.fn
    if kernel is None or isinstance(kernel, _Stub) or not hasattr(kernel, "__getitem__"):
        return {"status": "skipped", "reason": f"no module-level kernel `{rec['kernel']}`"}
    rng = np.random.default_rng(seed)
    cases = []
    for launch in rec["launches"][:MAX_LAUNCHES]:
        constexprs = {p["name"]: p["value"] for p in launch["params"] if p["role"] == "constexpr"}
        for env in _size_vectors(launch, rng, rec.get("numpy") or ""):
            label = {"sizes": env, "constexprs": constexprs}
            try:
                out, skip = _kernel_level_case(kernel, rec, launch, env, rng)
            except Exception as e:  # the kernel or the formula failed to run
                why = f"{type(e).__name__}: {e}".splitlines()[0][:300]
                out, skip = None, f"the run failed in Triton's interpreter ({why})"
            if skip:
                label["skipped"] = skip
            else:
                label.update(out)
            cases.append(label)
    ran = [c for c in cases if "skipped" not in c]
    res = {"cases": cases}
    if not ran:
        res.update(status="skipped", reason=cases[0]["skipped"] if cases else "no sizes satisfy the claim's preconditions")
        return res
    res["worst"] = max(c["worst"] for c in ran)
    res["status"] = "agree" if all(c["ok"] for c in ran) else "disagree"
    return res


def _launcher(mod, name, kernel):
    """The module-level function `name`, else a static method `name` of a module class that
    launches `kernel` (`torch.autograd.Function.forward(ctx, ...)`)."""
    f = getattr(mod, name, None)
    if callable(f) and hasattr(f, "__code__"):
        return f
    for cls in vars(mod).values():
        if not isinstance(cls, type) or cls.__module__ != mod.__name__:
            continue
        m = cls.__dict__.get(name)
        if isinstance(m, (staticmethod, classmethod)):
            m = m.__func__
        if callable(m) and hasattr(m, "__code__") and kernel in m.__code__.co_names:
            return m
    return None


class _Stub(types.ModuleType):
    """A module the file imports that this environment lacks (`tabulate`, `matplotlib`):
    any attribute is another stub, and calling one fails, so a launcher that uses it is not
    run."""

    def __getattr__(self, name):
        if name.startswith("__"):
            raise AttributeError(name)
        return _Stub(f"{self.__name__}.{name}")

    def __call__(self, *args, **kwargs):
        # Module-level code may call it (`device = infer_device()`); a launch that does is
        # not compared (`STUB_CALLS`). Applied to a function alone, it is a decorator
        # (`@libentry()` of FlagGems, a cache around the kernel): the function is kept.
        if len(args) == 1 and not kwargs and _decorated(args[0]):
            return args[0]
        STUB_CALLS.append(self.__name__)
        return _Stub(f"{self.__name__}()")

    def __iter__(self):
        raise RuntimeError(f"`{self.__name__}` is a stub: the module is not installed here")


def _decorated(f):
    """Whether `f` is what a decorator receives: a function or a Triton kernel."""
    if isinstance(f, _Stub):
        return False
    kernel = hasattr(f, "fn") and hasattr(f, "__getitem__")  # jitted, interpreted, wrapped
    return kernel or isinstance(f, (types.FunctionType, _Tuned))


# The stubs called since the harness last cleared it.
STUB_CALLS = []


class Unloadable(Exception):
    """The file cannot be loaded here (a package of its own tree that needs torch)."""


def _load(path):
    """Runs the module at `path`. A third-party module it imports that is not installed is
    stubbed (named in the result); a module of the file's own package tree that fails to
    load makes the file unloadable."""
    stubbed = []
    for _ in range(16):
        spec = importlib.util.spec_from_file_location("_lifted_module", path)
        mod = importlib.util.module_from_spec(spec)
        sys.modules["_lifted_module"] = mod
        try:
            spec.loader.exec_module(mod)
            return mod, stubbed
        except ModuleNotFoundError as e:
            top = (e.name or "").split(".")[0]
            root = _tree_root(path, top)
            if root and root not in sys.path:
                # A package of the file's own tree (`liger_kernel` for a file under
                # `src/liger_kernel/`): importable from the folder that holds it; its modules
                # absent there (the corpus keeps the files with kernels) are stubbed below.
                sys.path.insert(0, root)
                continue
            if not top or e.name in sys.modules:
                raise Unloadable(f"it imports `{e.name}`, which is not loadable here") from e
            # The missing module and the packages above it (`packaging.version`).
            parts = e.name.split(".")
            for n in range(1, len(parts) + 1):
                name = ".".join(parts[:n])
                if name not in sys.modules:
                    sys.modules[name] = _Stub(name)
                    sys.modules[name].__path__ = []
            if top not in stubbed:
                stubbed.append(top)
        except ImportError as e:
            # `from flag_gems import runtime` where the tree holds the package but not that
            # module (the corpus keeps the files with kernels): a stub, like a missing module.
            m = re.match(r"cannot import name '(\w+)' from '([\w.]+)'", str(e))
            if not m or m.group(2) not in sys.modules or len(stubbed) > 12:
                raise Unloadable(f"its module-level code fails here (ImportError: {e})") from e
            name, package = m.groups()
            setattr(sys.modules[package], name, _Stub(f"{package}.{name}"))
            if f"{package}.{name}" not in stubbed:
                stubbed.append(f"{package}.{name}")
        except Exception as e:  # noqa: BLE001 (module-level code of a third-party file)
            first = str(e).splitlines()[0] if str(e) else ""
            raise Unloadable(f"its module-level code fails here ({type(e).__name__}: {first})") from e
    raise Unloadable("too many modules are missing")


def _tree_root(path, top):
    """The folder holding `top` when `top` is a package of the file's own source tree (`src`
    for `flag_gems` and a file under `src/flag_gems/`), else None."""
    parts = os.path.abspath(path).split(os.sep)
    if top not in parts[:-1]:
        return None
    return os.sep.join(parts[: parts.index(top)]) or os.sep


def check(path, records, seed=0):
    triton = _install()
    try:
        mod, stubbed = _load(path)
    except Unloadable as e:
        why = f"the file cannot be loaded here: {e}"
        return [
            {"kernel": r.get("kernel", ""), "launcher": r.get("launcher"), "status": "skipped", "reason": why}
            for r in records
        ]
    results = []
    for rec in records:
        res = {"kernel": rec.get("kernel", ""), "launcher": rec.get("launcher")}
        if stubbed:
            res["stubbed"] = stubbed
        results.append(res)
        refuted = rec.get("verdict") == "refuted"
        if not rec.get("numpy") and not refuted:
            res.update(status="skipped", reason="no NumPy formula")
            continue
        if rec.get("launches") and rec.get("launcher") == "<kernel-level claim>" and not refuted:
            res.update(_kernel_level(mod, rec, seed))
            continue
        launcher = _launcher(mod, rec.get("launcher") or "", rec.get("kernel", ""))
        if not callable(launcher) or not hasattr(launcher, "__code__"):
            res.update(status="skipped", reason=f"no module-level launcher `{rec.get('launcher')}`")
            continue
        if refuted:
            res.update(_confirm(rec, launcher, np.random.default_rng(seed)))
            continue
        kernel = getattr(mod, rec["kernel"], None)
        n_configs = len(kernel.configs) if isinstance(kernel, _Tuned) else 1
        rng = np.random.default_rng(seed)
        cases = []
        for cfg in range(n_configs):
            CONFIG[0] = cfg
            for base in _cases(len(rec["sizes"])):
                for padded in (False, True):
                    if padded and not any(len(t["shape"]) == 2 for t in rec["inputs"]):
                        continue
                    # The first size vector of this pattern that the launcher's asserts
                    # accept (`assert bias.numel() == n_cols` relates two sizes).
                    for sizes in _variants(base):
                        label = {"sizes": list(sizes), "padded": padded, "config": cfg}
                        try:
                            out, skip = _run_case(mod, rec, launcher, sizes, padded, rng)
                        except Exception as e:  # the kernel or the formula failed to run
                            why = f"{type(e).__name__}: {e}".splitlines()[0][:300]
                            if (
                                "'InterpreterBuilder' object has no attribute" in why
                                or "`_builder` argument must be provided outside of JIT" in why
                                or "'dtype' object is not callable" in why
                                or "a Python truth value of a block" in why
                            ):
                                # Triton's CPU interpreter lacks the op (3.2: int1 casts, some
                                # libdevice functions such as `atan`, a dtype called on a value,
                                # `tl.float32(0.0)`, which the compiler accepts: Liger-Kernel's
                                # softmax): no run to compare with, not a disagreement.
                                out, skip = None, f"Triton's CPU interpreter cannot run it ({why})"
                            else:
                                out, skip = {"ok": False, "worst": math.inf, "why": why}, None
                        if out is not None and not out["ok"] and STUB_CALLS:
                            # The launch called a module this environment lacks.
                            out, skip = None, f"the launch calls `{STUB_CALLS[0]}`, a stub here"
                        if skip:
                            label["skipped"] = skip
                        else:
                            label.update(out)
                        if not (skip and skip.startswith("the launcher's assert")):
                            break
                    cases.append(label)
        ran = [c for c in cases if "skipped" not in c]
        res["cases"] = cases
        if not ran:
            res.update(status="skipped", reason=cases[0]["skipped"] if cases else "no case")
            continue
        res["worst"] = max(c["worst"] for c in ran)
        res["status"] = "agree" if all(c["ok"] for c in ran) else "disagree"
    return results


def _finite(v):
    """JSON has no infinity: an error that is not a number is null."""
    if isinstance(v, float) and not math.isfinite(v):
        return None
    if isinstance(v, dict):
        return {k: _finite(x) for k, x in v.items()}
    if isinstance(v, list):
        return [_finite(x) for x in v]
    return v


def main(argv):
    if argv[1:] == ["--serve"]:
        return serve()
    if len(argv) != 3:
        print(__doc__, file=sys.stderr)
        return 2
    return check_file(argv[1], argv[2])


def check_file(path, lifted):
    """The check of one file: its result lines on stdout; the exit code."""
    records = []
    with open(lifted) as f:
        for line in f:
            line = line.strip()
            if line:
                r = json.loads(line)
                if r.get("record", "result") == "result":
                    r["sizes"] = [(s["name"], s["from"]) for s in r.get("sizes", [])]
                    records.append(r)
    try:
        # The file and Triton may print: stdout is for the result lines only.
        with contextlib.redirect_stdout(sys.stderr):
            results = check(path, records)
    except Exception:
        traceback.print_exc()
        return 2
    for r in results:
        print(json.dumps(_finite(r), sort_keys=True))
    return 1 if any(r.get("status") == "disagree" for r in results) else 0


def serve():
    """`--serve`: one forked child per request line (see the module's doc)."""
    # What every check imports first (Triton imports no torch at import time: the torch-like
    # module that `_install` puts in its place is still installed by each child).
    import triton  # noqa: F401
    import triton.language  # noqa: F401

    for line in sys.stdin:
        if not line.strip():
            continue
        req = json.loads(line)
        sys.stdout.flush()
        sys.stderr.flush()
        pid = os.fork()
        if pid == 0:
            code = 2
            try:
                log = os.open(req["stderr"], os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
                os.dup2(log, 2)
                code = check_file(req["file"], req["records"])
            except BaseException:  # noqa: BLE001 (the child reports, then ends)
                traceback.print_exc()
            finally:
                sys.stdout.flush()
                sys.stderr.flush()
                os._exit(code)
        _, status = os.waitpid(pid, 0)
        code = os.waitstatus_to_exitcode(status)
        print(json.dumps({"done": True, "exit": code}), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
