"""A loop-free use of dynamic slices: one decoding step of a key cache. The new key is written
at position `pos` (`dynamic_update_slice`), the query scored against every cached key, and the
scores of the four positions up to `pos` read back (`dynamic_slice` from `pos - 3`, which
wraps around in s32 at the type's low end and is then clamped into range); sound."""
# expect: verified
import jax.numpy as jnp
from jax import lax

ARGS = ["f32[16,8]", "f32[1,8]", "s32[]", "f32[8]"]


def f(cache, key, pos, q):
    cache = lax.dynamic_update_slice(cache, key, (pos, 0))
    scores = cache @ q
    return lax.dynamic_slice(scores, (pos - 3,), (4,)), cache
