# expect: verified
# formula: bucket[i] = where(delta[i] < 0 and 0 != delta[i] % 8, delta[i] // 8 + -1, delta[i] // 8); phase[i] = where(delta[i] < 0 and 0 != delta[i] % 8, delta[i] % 8 + 8, delta[i] % 8)
# Python's floor division and modulo of signed int32 offsets by a bucket width, built from
# Triton's own integer `//` and `%`, which truncate toward zero (LLVM's `sdiv`/`srem`: the
# remainder takes the dividend's sign). A negative offset whose remainder is not zero is
# moved one bucket down and its remainder up by the width. The formula states the kernel in
# Triton's truncating operators, so the correction shows in it.
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
    below = (r != 0) & (d < 0)
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
