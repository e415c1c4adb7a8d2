# expect: verified
# formula: out[r, c] = exp(inp[r, c] - max(k, inp[r, k])) / sum(k, exp(inp[r, k] - max(k2, inp[r, k2])))
# Tutorial-02 style softmax with different names: `input_row_stride` passed first, the
# row start pointer computed, `tl.max(row, axis=0)`, `numerator / denominator`.
import torch
import triton
import triton.language as tl


@triton.jit
def softmax_kernel(output_ptr, input_ptr, input_row_stride, output_row_stride, n_cols,
                   BLOCK_SIZE: tl.constexpr):
    row_idx = tl.program_id(0)
    row_start_ptr = input_ptr + row_idx * input_row_stride
    col_offsets = tl.arange(0, BLOCK_SIZE)
    input_ptrs = row_start_ptr + col_offsets
    row = tl.load(input_ptrs, mask=col_offsets < n_cols, other=-float("inf"))
    row_minus_max = row - tl.max(row, axis=0)
    numerator = tl.exp(row_minus_max)
    denominator = tl.sum(numerator, axis=0)
    softmax_output = numerator / denominator
    output_row_start_ptr = output_ptr + row_idx * output_row_stride
    tl.store(output_row_start_ptr + col_offsets, softmax_output, mask=col_offsets < n_cols)


def softmax(inp):
    inp = inp.contiguous()
    n_rows, n_cols = inp.shape
    BLOCK_SIZE = triton.next_power_of_2(n_cols)
    out = torch.empty_like(inp)
    softmax_kernel[(n_rows,)](out, inp, inp.stride(0), out.stride(0), n_cols, BLOCK_SIZE=BLOCK_SIZE)
    return out
