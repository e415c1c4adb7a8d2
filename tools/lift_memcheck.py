"""Memory faults seen inside Triton 3.2's CPU interpreter, for `tools/lift_differential.py`.

The interpreter turns each `tl.load`/`tl.store` into NumPy reads and writes at raw addresses,
so a lane past the end of a tensor reads whatever lies there (or crashes). `Monitor` watches
every masked-in lane of every load, store and atomic:

- an **out-of-bounds** access: a lane whose bytes are not inside one buffer the harness
  allocated (the tensors of its torch-like module); the lane is masked off before the
  interpreter runs it, so the run goes on without touching foreign memory;
- a **race**: two program instances of one launch storing to one address (the interpreter runs
  programs one after another, so the last one wins silently; on a GPU the order is open).

A fault is described by the buffer it falls in or next to (`element 4 of a 4-element float32
buffer`) and the program that made it.
"""

import numpy as np


def _owner(array):
    """The array that owns `array`'s memory (a view's base, followed to its end)."""
    while isinstance(getattr(array, "base", None), np.ndarray):
        array = array.base
    return array


class Monitor:
    def __init__(self):
        self.buffers = []  # (low address, high address, itemsize, dtype name)
        self.faults = []
        self.stores = []  # per store of the launch: (addresses, linear program id)
        self.written = []  # every address stored since the last reset (arrays)
        self.valid = {}  # low address -> which elements may be accessed, when not all
        self.program = (0, 0, 0)
        self.launches = 0

    def register(self, array, valid=None):
        """A buffer of the harness: the whole allocation `array` views; `valid`, when given,
        marks the elements of it that may be accessed (a strided view's, not its gaps)."""
        owner = _owner(array)
        low, high = np.byte_bounds(owner)
        self.buffers.append((low, high, owner.itemsize, owner.dtype.name))
        if valid is not None:
            self.valid[low] = np.asarray(valid, dtype=bool).ravel()

    def reset(self):
        self.buffers.clear()
        self.faults.clear()
        self.stores.clear()
        self.written.clear()
        self.valid.clear()

    # -- checks ---------------------------------------------------------------------------

    def _inside(self, addresses, width):
        ok = np.zeros(addresses.shape, dtype=bool)
        for low, high, size, _ in self.buffers:
            here = (addresses >= low) & (addresses + width <= high)
            valid = self.valid.get(low)
            if valid is not None:
                element = np.clip((addresses - low) // size, 0, len(valid) - 1)
                here &= valid[element] & ((addresses - low) % size == 0)
            ok |= here
        return ok

    def _where(self, address):
        """The buffer an address falls in or next to, in words."""
        best = None
        for low, high, size, dtype in self.buffers:
            distance = 0 if low <= address < high else min(abs(address - low), abs(address - high))
            if best is None or distance < best[0]:
                best = (distance, low, high, size, dtype)
        if best is None:
            return "no buffer"
        _, low, high, size, dtype = best
        n = (high - low) // size
        element = (address - low) // size
        return f"element {element} of a {n}-element {dtype} buffer"

    def check(self, kind, ptrs, mask, width):
        """The lanes of one access that stay inside a buffer (the others are recorded)."""
        addresses = np.asarray(ptrs, dtype=np.int64)
        live = np.broadcast_to(np.asarray(mask, dtype=bool), addresses.shape)
        inside = self._inside(addresses, width)
        bad = live & ~inside
        if bad.any() and len(self.faults) < 20:
            at = int(addresses[bad].flat[0])
            self.faults.append(
                {
                    "kind": "out-of-bounds",
                    "what": f"a {kind} of {int(bad.sum())} lane(s) outside every buffer, "
                    f"first at {self._where(at)}, by program {list(self.program)}",
                }
            )
        return live & inside

    def record_store(self, ptrs, mask):
        addresses = np.asarray(ptrs, dtype=np.int64)
        live = np.broadcast_to(np.asarray(mask, dtype=bool), addresses.shape)
        self.stores.append((addresses[live].ravel().copy(), self.program))
        self.written.append(self.stores[-1][0])

    def end_launch(self):
        """Races of the launch that just ended: an address stored by two programs."""
        first = {}
        for addresses, program in self.stores:
            for a in np.unique(addresses).tolist():
                other = first.setdefault(a, program)
                if other != program and len(self.faults) < 20:
                    self.faults.append(
                        {
                            "kind": "race",
                            "what": f"programs {list(other)} and {list(program)} both store to "
                            f"{self._where(a)}",
                        }
                    )
                    first[a] = program
        self.stores.clear()


MONITOR = Monitor()


def install():
    """Wraps the interpreter's memory operations and launches with `MONITOR`'s checks."""
    from triton.runtime import interpreter
    from triton.runtime.interpreter import TensorHandle

    builder = interpreter.InterpreterBuilder
    load, store = builder.create_masked_load, builder.create_masked_store
    rmw, set_idx = builder.create_atomic_rmw, builder.set_grid_idx

    def width(ptrs):
        bits = ptrs.get_element_ty().primitive_bitwidth
        return max(1, bits // 8)

    def masked_load(self, ptrs, mask, other, *rest):
        keep = MONITOR.check("load", ptrs.data, mask.data, width(ptrs))
        return load(self, ptrs, TensorHandle(keep, mask.dtype), other, *rest)

    def masked_store(self, ptrs, value, mask, *rest):
        keep = MONITOR.check("store", ptrs.data, mask.data, width(ptrs))
        MONITOR.record_store(ptrs.data, keep)
        return store(self, ptrs, value, TensorHandle(keep, mask.dtype), *rest)

    def atomic_rmw(self, op, ptr, val, mask, *rest):
        keep = MONITOR.check("atomic", ptr.data, mask.data, width(ptr))
        return rmw(self, op, ptr, val, TensorHandle(keep, mask.dtype), *rest)

    def set_grid_idx(self, x, y, z):
        MONITOR.program = (x, y, z)
        return set_idx(self, x, y, z)

    builder.create_masked_load = masked_load
    builder.create_masked_store = masked_store
    builder.create_atomic_rmw = atomic_rmw
    builder.set_grid_idx = set_grid_idx

    call = interpreter.GridExecutor.__call__

    def launch(self, *args, **kwargs):
        MONITOR.stores.clear()
        try:
            return call(self, *args, **kwargs)
        finally:
            MONITOR.launches += 1
            MONITOR.end_launch()

    interpreter.GridExecutor.__call__ = launch
