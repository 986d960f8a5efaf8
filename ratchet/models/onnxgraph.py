"""The encoder layers of a BERT or MPNet sentence model as an ONNX graph, for onnxruntime.

onnxruntime runs the same forward pass as the numpy encoder in :mod:`ratchet.models.transformer` two to three times
faster on a CPU (its matrix kernels handle the few rows of a query far better than a BLAS ``gemm``; see
bench/RESULTS.md). The graph holds only the layers: token and position embeddings, the attention bias and the
pooling stay in numpy, shared with the numpy path, so the two runtimes differ in one place.

No weight is copied into the graph: every matrix is an *external* initializer that names its byte range inside the
model's own ``model.safetensors``, which onnxruntime then memory-maps. The graph is a few hundred nodes, written
here in protobuf's wire format (the handful of ONNX message fields it needs are listed below) rather than through the
``onnx`` package, whose import alone would add about 140 ms to every hook process; the tests check the bytes with
``onnx``'s own parser and checker.
"""

from __future__ import annotations

import math
import struct
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    import numpy as np

IR_VERSION = 8  # ONNX 1.10's IR: onnxruntime 1.10 and later read it
OPSET = 17  # LayerNormalization arrived in opset 17
FLOAT, INT64 = 1, 7  # TensorProto.DataType
EXTERNAL = 1  # TensorProto.DataLocation
ATTR_FLOAT, ATTR_INT, ATTR_INTS = 1, 2, 7  # AttributeProto.AttributeType


# ----- protobuf wire format -------------------------------------------------------------------------------------
def varint(value: int) -> bytes:
    """A base-128 varint; negative numbers as their 64-bit two's complement (protobuf's int64)."""
    value &= (1 << 64) - 1
    out = bytearray()
    while True:
        byte = value & 0x7F
        value >>= 7
        if value:
            out.append(byte | 0x80)
        else:
            out.append(byte)
            return bytes(out)


def _int(field: int, value: int) -> bytes:
    return varint(field << 3) + varint(value)


def _bytes(field: int, payload: bytes) -> bytes:
    return varint(field << 3 | 2) + varint(len(payload)) + payload


def _str(field: int, text: str) -> bytes:
    return _bytes(field, text.encode("utf-8"))


def _float(field: int, value: float) -> bytes:
    return varint(field << 3 | 5) + struct.pack("<f", value)


# ----- the ONNX messages used (field numbers from onnx.proto) ---------------------------------------------------
def attribute(name: str, value: float | int | Sequence[int]) -> bytes:
    """AttributeProto: name 1, f 2, i 3, ints 8, type 20."""
    if isinstance(value, float):
        return _str(1, name) + _float(2, value) + _int(20, ATTR_FLOAT)
    if isinstance(value, int):
        return _str(1, name) + _int(3, value) + _int(20, ATTR_INT)
    return _str(1, name) + b"".join(_int(8, v) for v in value) + _int(20, ATTR_INTS)


def node(op: str, inputs: Sequence[str], outputs: Sequence[str], **attrs: float | int | Sequence[int]) -> bytes:
    """NodeProto: input 1, output 2, op_type 4, attribute 5 (sorted by name, as ``onnx.helper`` writes them)."""
    body = b"".join(_str(1, i) for i in inputs) + b"".join(_str(2, o) for o in outputs) + _str(4, op)
    return body + b"".join(_bytes(5, attribute(k, v)) for k, v in sorted(attrs.items()))


def external_tensor(name: str, shape: Sequence[int], location: str, offset: int, length: int) -> bytes:
    """TensorProto of float32 data kept in a file beside the graph: dims 1, data_type 2, name 8, external_data 13
    (key 1 / value 2 pairs), data_location 14."""
    entries = {"location": location, "offset": str(offset), "length": str(length)}
    body = b"".join(_int(1, d) for d in shape) + _int(2, FLOAT) + _str(8, name)
    body += b"".join(_bytes(13, _str(1, k) + _str(2, v)) for k, v in entries.items())
    return body + _int(14, EXTERNAL)


def raw_tensor(name: str, array: np.ndarray) -> bytes:
    """TensorProto of a small constant held in the graph itself: dims 1, data_type 2, name 8, raw_data 9."""
    import numpy as np

    kinds = {np.dtype(np.float32): FLOAT, np.dtype(np.int64): INT64}
    data = np.ascontiguousarray(array, dtype=array.dtype.newbyteorder("<"))
    body = b"".join(_int(1, d) for d in array.shape) + _int(2, kinds[array.dtype]) + _str(8, name)
    return body + _bytes(9, data.tobytes())


def value_info(name: str, elem_type: int, dims: Sequence[int | str]) -> bytes:
    """ValueInfoProto (name 1, type 2) of a tensor: TypeProto.tensor_type 1 -> elem_type 1, shape 2 -> dim 1 ->
    dim_value 1 or dim_param 2."""
    shape = b"".join(_bytes(1, _str(2, d) if isinstance(d, str) else _int(1, d)) for d in dims)
    return _str(1, name) + _bytes(2, _bytes(1, _int(1, elem_type) + _bytes(2, shape)))


def model(nodes: list[bytes], initializers: list[bytes], inputs: list[bytes], outputs: list[bytes]) -> bytes:
    """ModelProto: ir_version 1, producer_name 2, graph 7 (node 1, name 2, initializer 5, input 11, output 12),
    opset_import 8 (domain 1, version 2)."""
    graph = b"".join(_bytes(1, n) for n in nodes) + _str(2, "ratchet-encoder")
    graph += b"".join(_bytes(5, t) for t in initializers)
    graph += b"".join(_bytes(11, v) for v in inputs) + b"".join(_bytes(12, v) for v in outputs)
    return _int(1, IR_VERSION) + _str(2, "ratchet") + _bytes(7, graph) + _bytes(8, _str(1, "") + _int(2, OPSET))


# ----- the encoder --------------------------------------------------------------------------------------------
def encoder_layers(
    *,
    layers: int,
    hidden: int,
    heads: int,
    eps: float,
    weight: Callable[[str], tuple[Sequence[int], int, int]],
    names: dict[str, str],
    location: str,
) -> bytes:
    """The graph of ``layers`` post-norm transformer layers (self-attention with an additive bias, then a GELU
    feed-forward), as BERT and MPNet compute them.

    Inputs: ``x`` (batch x width, hidden) float32, the normalised embeddings; ``bias`` (batch, heads, width,
    width), added to every layer's attention scores (padding mask plus MPNet's relative-position bias); ``shape``
    int64 ``[batch, width, heads, head size]``. Output ``y``: the last hidden states, (batch x width, hidden).
    ``weight(name)`` gives the shape, byte offset and byte length of a float32 tensor inside ``location``;
    ``names`` maps query/key/value/out/norm1/up/down/norm2 to the model's own names (``encoder.layer.N.`` + name).
    """
    import numpy as np

    size = hidden // heads
    initializers: dict[str, bytes] = {}
    nodes: list[bytes] = []
    count = 0

    def tensor(name: str) -> str:
        if name not in initializers:
            shape, offset, length = weight(name)
            initializers[name] = external_tensor(name, shape, location, offset, length)
        return name

    def constant(name: str, array: np.ndarray) -> str:
        initializers[name] = raw_tensor(name, array)
        return name

    def op(kind: str, *inputs: str, **attrs: float | int | Sequence[int]) -> str:
        nonlocal count
        count += 1
        out = f"{kind.lower()}{count}"
        nodes.append(node(kind, inputs, [out], **attrs))
        return out

    def linear(x: str, base: str) -> str:  # x @ W.T + b, the weight read as stored (out, in)
        return op("Gemm", x, tensor(base + ".weight"), tensor(base + ".bias"), transB=1)

    def norm(x: str, base: str) -> str:
        return op("LayerNormalization", x, tensor(base + ".weight"), tensor(base + ".bias"), axis=-1, epsilon=eps)

    flat = constant("flat", np.array([-1, hidden], dtype=np.int64))
    scale = constant("scale", np.array(1.0 / math.sqrt(size), dtype=np.float32))
    half = constant("half", np.array(0.5, dtype=np.float32))
    one = constant("one", np.array(1.0, dtype=np.float32))
    root_half = constant("root_half", np.array(1.0 / math.sqrt(2.0), dtype=np.float32))

    def split(t: str, perm: Sequence[int]) -> str:  # (batch x width, hidden) -> per head, axes in the order perm
        return op("Transpose", op("Reshape", t, "shape"), perm=perm)

    x = "x"
    for i in range(layers):
        prefix = f"encoder.layer.{i}."
        q = split(linear(x, prefix + names["query"]), (0, 2, 1, 3))  # (batch, heads, width, size)
        k = split(linear(x, prefix + names["key"]), (0, 2, 3, 1))  # (batch, heads, size, width)
        v = split(linear(x, prefix + names["value"]), (0, 2, 1, 3))
        scores = op("Softmax", op("Add", op("Mul", op("MatMul", q, k), scale), "bias"), axis=-1)
        context = op("Reshape", op("Transpose", op("MatMul", scores, v), perm=(0, 2, 1, 3)), flat)
        x = norm(op("Add", x, linear(context, prefix + names["out"])), prefix + names["norm1"])
        up = linear(x, prefix + names["up"])  # erf GELU, x * (1 + erf(x / sqrt 2)) / 2: onnxruntime fuses it
        gelu = op("Mul", op("Mul", up, half), op("Add", op("Erf", op("Mul", up, root_half)), one))
        x = norm(op("Add", x, linear(gelu, prefix + names["down"])), prefix + names["norm2"])
    nodes.append(node("Identity", [x], ["y"]))
    inputs = [
        value_info("x", FLOAT, ["tokens", hidden]),
        value_info("bias", FLOAT, ["batch", heads, "width", "width"]),
        value_info("shape", INT64, [4]),
    ]
    return model(nodes, list(initializers.values()), inputs, [value_info("y", FLOAT, ["tokens", hidden])])
