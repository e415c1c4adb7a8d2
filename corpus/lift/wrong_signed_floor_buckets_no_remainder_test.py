# expect: refuted
# formula: bucket[i] = where(delta[i] < 0 and 0 != delta[i] % 8, delta[i] // 8 + -1, delta[i] // 8); phase[i] = where(delta[i] < 0 and 0 != delta[i] % 8, delta[i] % 8 + 8, delta[i] % 8)
# The wrong twin of signed_floor_buckets.py: it moves every negative offset one bucket
# down, also those that are multiples of the width (-8 lands in bucket -2 with phase 8).
# The formula is the right one; refuted with a replayed negative multiple of 8.
import torch
import triton
import triton.language as tl


@triton.jit
def floor_buckets(delta_ptr, bucket_ptr, phase_ptr, count, WIDTH: tl.constexpr,
                  CHUNK: tl.constexpr):
    start = tl.program_id(0) * CHUNK
    idx = start + tl.arange(0, CHUNK)
    live = idx < count
    d = tl.load(delta_ptr + idx, mask=live, other=0)
    q = d // WIDTH
    r = d % WIDTH
    below = d < 0
    tl.store(bucket_ptr + idx, tl.where(below, q - 1, q), mask=live)
    tl.store(phase_ptr + idx, tl.where(below, r + WIDTH, r), mask=live)


def signed_floor_buckets(delta: torch.Tensor):
    assert delta.dtype == torch.int32
    delta = delta.contiguous()
    bucket = torch.empty_like(delta)
    phase = torch.empty_like(delta)
    count = delta.numel()
    floor_buckets[(triton.cdiv(count, 64),)](delta, bucket, phase, count, WIDTH=8, CHUNK=64)
    return bucket, phase
