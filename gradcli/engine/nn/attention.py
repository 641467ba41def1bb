"""``nn.MultiheadAttention``, the Transformer encoder and decoder layers and stacks, and
``nn.Transformer``; attention in the steps of torch's ``multi_head_attention_forward``: one packed
input projection, heads folded into the batch, scaled scores plus the masks (``baddbmm``), softmax,
the weighted values, the output projection; so the values, gradients and the output's ViewBackward0
are torch's. (kdim/vdim different from embed_dim and add_bias_kv/add_zero_attn are not there yet.)"""
from __future__ import annotations

import copy
import math
import warnings

from ..device import require_cpu
from .. import creation, dtypes, functions
from ..autograd.grad_mode import is_grad_enabled, no_grad
from . import functional as F
from . import init
from .layers import GELU, ReLU, Dropout, Linear, ModuleList
from .module import Module, Parameter
from .spatial_layers import LayerNorm

__all__ = ["MultiheadAttention", "Transformer", "TransformerDecoder", "TransformerDecoderLayer", "TransformerEncoder",
           "TransformerEncoderLayer"]


class NonDynamicallyQuantizableLinear(Linear):
    """torch's name for the output projection (it only shows in the repr)."""


def _float_mask(mask, dtype):
    """A bool mask (True: not allowed) as -inf/0; a float mask as it is."""
    if mask is None or mask.dtype != dtypes.bool:
        return mask
    return creation.zeros(*mask.shape, dtype=dtype).masked_fill(mask, -math.inf)


def _canonical_mask(mask, name: str, dtype, other=None, other_name: str = ""):
    """torch's F._canonical_mask: ``_float_mask`` after its checks, so an int mask is refused and a mask whose
    dtype is not ``other``'s (a bool padding mask beside a float causal one) gets torch's warning."""
    if mask is None:
        return None
    if mask.dtype != dtypes.bool and not mask.is_floating_point():
        raise AssertionError(f"only bool and floating types of {name} are supported")
    if other is not None and mask.dtype != other.dtype:
        warnings.warn(f"Support for mismatched {name} and {other_name} is deprecated. Use same type for both "
                      "instead.", UserWarning, stacklevel=3)
    return _float_mask(mask, dtype)


class MultiheadAttention(Module):
    def __init__(self, embed_dim: int, num_heads: int, dropout: float = 0.0, bias: bool = True,
                 add_bias_kv: bool = False, add_zero_attn: bool = False, kdim=None, vdim=None,
                 batch_first: bool = False, device=None, dtype=None):
        require_cpu(device)
        super().__init__()
        if embed_dim <= 0 or num_heads <= 0:
            raise ValueError(f"embed_dim and num_heads must be greater than 0, got embed_dim={embed_dim} and "
                             f"num_heads={num_heads} instead")
        if embed_dim % num_heads:
            raise AssertionError("embed_dim must be divisible by num_heads")
        self.embed_dim, self.num_heads, self.dropout = embed_dim, num_heads, dropout
        self.batch_first, self.head_dim = batch_first, embed_dim // num_heads
        self.kdim = embed_dim if kdim is None else kdim
        self.vdim = embed_dim if vdim is None else vdim
        self._qkv_same_embed_dim = self.kdim == embed_dim and self.vdim == embed_dim
        dt = dtypes.as_dtype(dtype) if dtype is not None else dtypes.get_default_dtype()
        separate = ("q_proj_weight", "k_proj_weight", "v_proj_weight")
        if self._qkv_same_embed_dim:
            self.in_proj_weight = Parameter(creation.empty(3 * embed_dim, embed_dim, dtype=dt))
            for name in separate:
                self.register_parameter(name, None)
        else:       # keys and values of other widths (cross-attention): one projection each
            for name, width in zip(separate, (embed_dim, self.kdim, self.vdim)):
                self.register_parameter(name, Parameter(creation.empty(embed_dim, width, dtype=dt)))
            self.register_parameter("in_proj_weight", None)
        if bias:
            self.in_proj_bias = Parameter(creation.empty(3 * embed_dim, dtype=dt))
        else:
            self.register_parameter("in_proj_bias", None)
        self.out_proj = NonDynamicallyQuantizableLinear(embed_dim, embed_dim, bias=bias, dtype=dt)
        if add_bias_kv:
            self.bias_k = Parameter(creation.empty(1, 1, embed_dim, dtype=dt))
            self.bias_v = Parameter(creation.empty(1, 1, embed_dim, dtype=dt))
        else:
            self.bias_k = self.bias_v = None
        self.add_zero_attn = add_zero_attn
        with no_grad():
            for weight in (self.in_proj_weight,) if self._qkv_same_embed_dim else \
                    (self.q_proj_weight, self.k_proj_weight, self.v_proj_weight):
                init.xavier_uniform_(weight)
            if bias:
                self.in_proj_bias.zero_()
                self.out_proj.bias.zero_()
            if add_bias_kv:
                init.xavier_normal_(self.bias_k)
                init.xavier_normal_(self.bias_v)

    def forward(self, query, key, value, key_padding_mask=None, need_weights: bool = True, attn_mask=None,
                average_attn_weights: bool = True, is_causal: bool = False):
        batched = query.dim() == 3
        if self.batch_first and batched:
            query, key, value = (t.transpose(1, 0) for t in (query, key, value))
        if not batched:
            query, key, value = (t.unsqueeze(1) for t in (query, key, value))
            if key_padding_mask is not None:
                key_padding_mask = key_padding_mask.unsqueeze(0)
        length, batch, embed = query.shape
        source = key.shape[0]
        if embed != self.embed_dim:
            raise AssertionError(f"was expecting embedding dimension of {self.embed_dim}, but got {embed}")
        heads, hd = self.num_heads, self.head_dim
        if query is key and key is value and self._qkv_same_embed_dim:
            q, k, v = F.linear(query, self.in_proj_weight, self.in_proj_bias).chunk(3, -1)
        else:
            weights = (self.in_proj_weight.chunk(3) if self._qkv_same_embed_dim
                       else (self.q_proj_weight, self.k_proj_weight, self.v_proj_weight))
            biases = self.in_proj_bias.chunk(3) if self.in_proj_bias is not None else (None,) * 3
            q, k, v = (F.linear(t, w, b) for t, w, b in zip((query, key, value), weights, biases))
        if self.bias_k is not None:     # one more key and value, learned, for every example
            k = functions.cat([k, self.bias_k.repeat(1, batch, 1)])
            v = functions.cat([v, self.bias_v.repeat(1, batch, 1)])
        q = q.reshape(length, batch * heads, hd).transpose(0, 1)
        k = k.reshape(k.shape[0], batch * heads, hd).transpose(0, 1)
        v = v.reshape(v.shape[0], batch * heads, hd).transpose(0, 1)
        if self.add_zero_attn:          # and a key and value of zeros
            zeros = creation.zeros(batch * heads, 1, hd, dtype=k.dtype)
            k, v = functions.cat([k, zeros], 1), functions.cat([v, zeros], 1)
        extra, source = k.shape[1] - source, k.shape[1]     # the added keys are never masked
        padding = _canonical_mask(key_padding_mask, "key_padding_mask", q.dtype, attn_mask, "attn_mask")
        mask = _canonical_mask(attn_mask, "attn_mask", q.dtype)
        if is_causal and mask is None:     # a hint about attn_mask, not a mask: torch refuses it alone
            raise RuntimeError("Need attn_mask if specifying the is_causal hint. You may use the Transformer module "
                               "method `generate_square_subsequent_mask` to create this mask.")
        if mask is not None and mask.dim() == 2:
            mask = mask.unsqueeze(0)
        if extra:
            mask = None if mask is None else F.pad(mask, (0, extra))
            padding = None if padding is None else F.pad(padding, (0, extra))
        if padding is not None:
            padding = padding.reshape(batch, 1, 1, source).expand(-1, heads, -1, -1).reshape(batch * heads, 1, source)
            mask = padding if mask is None else mask + padding
        p = self.dropout if self.training else 0.0
        if need_weights:
            scaled = q * math.sqrt(1.0 / hd)
            scores = (functions.baddbmm(mask, scaled, k.transpose(-2, -1)) if mask is not None
                      else functions.bmm(scaled, k.transpose(-2, -1)))
            weights = F.softmax(scores, -1)
            if p > 0.0:
                weights = F.dropout(weights, p, True)
            out = functions.bmm(weights, v)
            out = out.transpose(0, 1).contiguous().view(length * batch, embed)
            out = F.linear(out, self.out_proj.weight, self.out_proj.bias).view(length, batch, embed)
            weights = weights.view(batch, heads, length, source)
            if average_attn_weights:
                weights = weights.mean(1)
            if not batched:
                out, weights = out.squeeze(1), weights.squeeze(0)
        else:
            if mask is not None and mask.shape[0] == batch * heads:
                mask = mask.view(batch, heads, -1, source)
            out = F.scaled_dot_product_attention(q.view(batch, heads, length, hd), k.view(batch, heads, source, hd),
                                                 v.view(batch, heads, source, hd), mask, p)
            out = out.permute(2, 0, 1, 3).contiguous().view(batch * length, embed)
            out = F.linear(out, self.out_proj.weight, self.out_proj.bias).view(length, batch, embed)
            weights = None
            if not batched:
                out = out.squeeze(1)
        if self.batch_first and batched:
            out = out.transpose(1, 0)
        return out, weights


def _activation(activation):
    if isinstance(activation, str):
        if activation not in ("relu", "gelu"):
            raise RuntimeError(f"activation should be relu/gelu, not {activation}")
        return F.relu if activation == "relu" else F.gelu
    return activation


class TransformerEncoderLayer(Module):
    """Self-attention then a feed-forward block, each with dropout, a residual and LayerNorm (after the
    block, or before it with ``norm_first``), as torch's (training path)."""

    def __init__(self, d_model: int, nhead: int, dim_feedforward: int = 2048, dropout: float = 0.1,
                 activation="relu", layer_norm_eps: float = 1e-5, batch_first: bool = False,
                 norm_first: bool = False, bias: bool = True, device=None, dtype=None):
        require_cpu(device)
        super().__init__()
        self.self_attn = MultiheadAttention(d_model, nhead, dropout=dropout, bias=bias, batch_first=batch_first,
                                            dtype=dtype)
        self.linear1 = Linear(d_model, dim_feedforward, bias=bias, dtype=dtype)
        self.dropout = Dropout(dropout)
        self.linear2 = Linear(dim_feedforward, d_model, bias=bias, dtype=dtype)
        self.norm_first = norm_first
        self.norm1 = LayerNorm(d_model, eps=layer_norm_eps, bias=bias, dtype=dtype)
        self.norm2 = LayerNorm(d_model, eps=layer_norm_eps, bias=bias, dtype=dtype)
        self.dropout1 = Dropout(dropout)
        self.dropout2 = Dropout(dropout)
        self.activation = _activation(activation)
        act = self.activation   # torch's flag for its fused inference path: 1 relu, 2 gelu, 0 another
        self.activation_relu_or_gelu = (1 if act is F.relu or isinstance(act, ReLU) else
                                        2 if act is F.gelu or isinstance(act, GELU) else 0)

    def forward(self, src, src_mask=None, src_key_padding_mask=None, is_causal: bool = False):
        src_key_padding_mask = _canonical_mask(src_key_padding_mask, "src_key_padding_mask", src.dtype, src_mask,
                                               "src_mask")
        src_mask = _canonical_mask(src_mask, "src_mask", src.dtype)
        x = src
        if self.norm_first:
            x = x + self._sa_block(self.norm1(x), src_mask, src_key_padding_mask, is_causal)
            return x + self._ff_block(self.norm2(x))
        x = self.norm1(x + self._sa_block(x, src_mask, src_key_padding_mask, is_causal))
        return self.norm2(x + self._ff_block(x))

    def _sa_block(self, x, attn_mask, key_padding_mask, is_causal):
        x = self.self_attn(x, x, x, attn_mask=attn_mask, key_padding_mask=key_padding_mask, need_weights=False,
                           is_causal=is_causal)[0]
        return self.dropout1(x)

    def _ff_block(self, x):
        return self.dropout2(self.linear2(self.dropout(self.activation(self.linear1(x)))))


def _why_no_nested_tensor(layer) -> str:
    """torch's reasons (in its order and words) why an encoder cannot use nested tensors."""
    if not isinstance(layer, TransformerEncoderLayer):
        return "encoder_layer was not TransformerEncoderLayer"
    attn = layer.self_attn
    for failed, why in ((layer.norm_first, "encoder_layer.norm_first was True"),
                        (not attn.batch_first, "encoder_layer.self_attn.batch_first was not True(use batch_first "
                                               "for better inference performance)"),
                        (not attn._qkv_same_embed_dim, "encoder_layer.self_attn._qkv_same_embed_dim was not True"),
                        (attn.in_proj_bias is None, "encoder_layer.self_attn was passed bias=False"),
                        (not layer.activation_relu_or_gelu, "encoder_layer.activation_relu_or_gelu was not True"),
                        (layer.norm1.eps != layer.norm2.eps,
                         "encoder_layer.norm1.eps was not equal to encoder_layer.norm2.eps"),
                        (attn.num_heads % 2 == 1, "encoder_layer.self_attn.num_heads is odd")):
        if failed:
            return why
    return ""


class TransformerEncoder(Module):
    """``num_layers`` copies of ``encoder_layer`` (each with its own parameters), then ``norm``.
    Where torch converts the batch to a nested tensor (inference with a right-padded
    ``src_key_padding_mask``: eval mode, no gradient wanted, no ``mask``), its output is 0.0 at the
    padded positions before ``norm``; the other positions are the same computation."""

    def __init__(self, encoder_layer, num_layers: int, norm=None, enable_nested_tensor: bool = True,
                 mask_check: bool = True):
        super().__init__()
        self.layers = ModuleList([copy.deepcopy(encoder_layer) for _ in range(num_layers)])
        self.num_layers = num_layers
        self.norm = norm
        self.enable_nested_tensor = enable_nested_tensor
        self.use_nested_tensor = enable_nested_tensor
        self.mask_check = mask_check
        why = _why_no_nested_tensor(encoder_layer)
        if enable_nested_tensor and why:
            warnings.warn(f"enable_nested_tensor is True, but self.use_nested_tensor is False because {why}",
                          UserWarning, stacklevel=2)
            self.use_nested_tensor = False

    def forward(self, src, mask=None, src_key_padding_mask=None, is_causal=None):
        src_key_padding_mask = _canonical_mask(src_key_padding_mask, "src_key_padding_mask", src.dtype, mask, "mask")
        mask = _canonical_mask(mask, "mask", src.dtype)
        padded = self._nested_padding(src, mask, src_key_padding_mask)
        out = src
        for layer in self.layers:
            out = layer(out, src_mask=mask, src_key_padding_mask=src_key_padding_mask, is_causal=bool(is_causal))
        if padded is not None:    # torch's to_padded_tensor(0.0) of the nested output
            out = out.masked_fill(padded.unsqueeze(-1), 0.0)
        return self.norm(out) if self.norm is not None else out

    def _nested_padding(self, src, mask, padding_mask):
        """The padded positions (True) where torch's forward takes its nested-tensor path, else None."""
        first = self.layers[0]
        if (not getattr(self, "use_nested_tensor", False) or first.training or src.dim() != 3
                or padding_mask is None or mask is not None):
            return None
        padded = padding_mask != 0      # (the canonical mask: -inf where padded)
        if getattr(self, "mask_check", True) and bool((padded[:, :-1] & ~padded[:, 1:]).any()):
            return None     # not left-aligned: a padded position before a kept one
        attn = first.self_attn
        weights = (src, attn.in_proj_weight, attn.in_proj_bias, attn.out_proj.weight, attn.out_proj.bias,
                   first.norm1.weight, first.norm1.bias, first.norm2.weight, first.norm2.bias,
                   first.linear1.weight, first.linear1.bias, first.linear2.weight, first.linear2.bias)
        if is_grad_enabled() and any(t is not None and t.requires_grad for t in weights):
            return None
        return padded


class TransformerDecoderLayer(Module):
    """Self-attention over the target, attention to the encoder's output (``memory``), then a
    feed-forward block; each with dropout, a residual and LayerNorm (after, or before with
    ``norm_first``), as torch's."""

    def __init__(self, d_model: int, nhead: int, dim_feedforward: int = 2048, dropout: float = 0.1,
                 activation=F.relu, layer_norm_eps: float = 1e-5, batch_first: bool = False,
                 norm_first: bool = False, bias: bool = True, device=None, dtype=None):
        require_cpu(device)
        super().__init__()
        self.self_attn = MultiheadAttention(d_model, nhead, dropout=dropout, batch_first=batch_first, bias=bias,
                                            dtype=dtype)
        self.multihead_attn = MultiheadAttention(d_model, nhead, dropout=dropout, batch_first=batch_first,
                                                 bias=bias, dtype=dtype)
        self.linear1 = Linear(d_model, dim_feedforward, bias=bias, dtype=dtype)
        self.dropout = Dropout(dropout)
        self.linear2 = Linear(dim_feedforward, d_model, bias=bias, dtype=dtype)
        self.norm_first = norm_first
        self.norm1 = LayerNorm(d_model, eps=layer_norm_eps, bias=bias, dtype=dtype)
        self.norm2 = LayerNorm(d_model, eps=layer_norm_eps, bias=bias, dtype=dtype)
        self.norm3 = LayerNorm(d_model, eps=layer_norm_eps, bias=bias, dtype=dtype)
        self.dropout1 = Dropout(dropout)
        self.dropout2 = Dropout(dropout)
        self.dropout3 = Dropout(dropout)
        self.activation = _activation(activation)

    def forward(self, tgt, memory, tgt_mask=None, memory_mask=None, tgt_key_padding_mask=None,
                memory_key_padding_mask=None, tgt_is_causal: bool = False, memory_is_causal: bool = False):
        x = tgt
        if self.norm_first:
            x = x + self._sa_block(self.norm1(x), tgt_mask, tgt_key_padding_mask, tgt_is_causal)
            x = x + self._mha_block(self.norm2(x), memory, memory_mask, memory_key_padding_mask, memory_is_causal)
            return x + self._ff_block(self.norm3(x))
        x = self.norm1(x + self._sa_block(x, tgt_mask, tgt_key_padding_mask, tgt_is_causal))
        x = self.norm2(x + self._mha_block(x, memory, memory_mask, memory_key_padding_mask, memory_is_causal))
        return self.norm3(x + self._ff_block(x))

    def _sa_block(self, x, attn_mask, key_padding_mask, is_causal):
        x = self.self_attn(x, x, x, attn_mask=attn_mask, key_padding_mask=key_padding_mask, is_causal=is_causal,
                           need_weights=False)[0]
        return self.dropout1(x)

    def _mha_block(self, x, mem, attn_mask, key_padding_mask, is_causal):
        x = self.multihead_attn(x, mem, mem, attn_mask=attn_mask, key_padding_mask=key_padding_mask,
                                is_causal=is_causal, need_weights=False)[0]
        return self.dropout2(x)

    def _ff_block(self, x):
        return self.dropout3(self.linear2(self.dropout(self.activation(self.linear1(x)))))


def _square_subsequent_mask(size: int, dtype=None):
    """-inf above the diagonal, 0 elsewhere: position i attends to positions <= i."""
    return creation.full((size, size), -math.inf, dtype=dtype).triu(1)


def _is_causal(mask, is_causal, size: int) -> bool:
    """torch's _detect_is_causal_mask: an explicit hint, else whether ``mask`` is the causal one."""
    if is_causal is None and mask is not None:
        causal = _square_subsequent_mask(size, dtype=mask.dtype)
        return tuple(mask.shape) == tuple(causal.shape) and bool((mask == causal).all())
    return is_causal is True


class TransformerDecoder(Module):
    """``num_layers`` copies of ``decoder_layer`` (each with its own parameters), then ``norm``."""

    def __init__(self, decoder_layer, num_layers: int, norm=None):
        super().__init__()
        self.layers = ModuleList([copy.deepcopy(decoder_layer) for _ in range(num_layers)])
        self.num_layers = num_layers
        self.norm = norm

    def forward(self, tgt, memory, tgt_mask=None, memory_mask=None, tgt_key_padding_mask=None,
                memory_key_padding_mask=None, tgt_is_causal=None, memory_is_causal: bool = False):
        batch_first = self.layers[0].self_attn.batch_first
        seq_len = tgt.shape[1 if batch_first and tgt.ndim == 3 else 0]
        tgt_is_causal = _is_causal(tgt_mask, tgt_is_causal, seq_len)
        out = tgt
        for layer in self.layers:
            out = layer(out, memory, tgt_mask=tgt_mask, memory_mask=memory_mask,
                        tgt_key_padding_mask=tgt_key_padding_mask, memory_key_padding_mask=memory_key_padding_mask,
                        tgt_is_causal=tgt_is_causal, memory_is_causal=memory_is_causal)
        return self.norm(out) if self.norm is not None else out


class Transformer(Module):
    """An encoder stack and a decoder stack, each ending in LayerNorm; every weight matrix
    re-initialised with xavier_uniform_, as torch's."""

    script_class_members = ("generate_square_subsequent_mask",)

    def __init__(self, d_model: int = 512, nhead: int = 8, num_encoder_layers: int = 6, num_decoder_layers: int = 6,
                 dim_feedforward: int = 2048, dropout: float = 0.1, activation=F.relu, custom_encoder=None,
                 custom_decoder=None, layer_norm_eps: float = 1e-5, batch_first: bool = False,
                 norm_first: bool = False, bias: bool = True, device=None, dtype=None):
        require_cpu(device)
        super().__init__()
        if custom_encoder is not None:
            self.encoder = custom_encoder
        else:
            layer = TransformerEncoderLayer(d_model, nhead, dim_feedforward, dropout, activation, layer_norm_eps,
                                            batch_first, norm_first, bias, dtype=dtype)
            self.encoder = TransformerEncoder(layer, num_encoder_layers,
                                              LayerNorm(d_model, eps=layer_norm_eps, bias=bias, dtype=dtype))
        if custom_decoder is not None:
            self.decoder = custom_decoder
        else:
            layer = TransformerDecoderLayer(d_model, nhead, dim_feedforward, dropout, activation, layer_norm_eps,
                                            batch_first, norm_first, bias, dtype=dtype)
            self.decoder = TransformerDecoder(layer, num_decoder_layers,
                                              LayerNorm(d_model, eps=layer_norm_eps, bias=bias, dtype=dtype))
        with no_grad():
            for p in self.parameters():
                if p.dim() > 1:
                    init.xavier_uniform_(p)
        self.d_model, self.nhead, self.batch_first = d_model, nhead, batch_first

    def forward(self, src, tgt, src_mask=None, tgt_mask=None, memory_mask=None, src_key_padding_mask=None,
                tgt_key_padding_mask=None, memory_key_padding_mask=None, src_is_causal=None, tgt_is_causal=None,
                memory_is_causal: bool = False):
        batched = src.dim() == 3
        if batched and src.shape[0 if self.batch_first else 1] != tgt.shape[0 if self.batch_first else 1]:
            raise RuntimeError("the batch number of src and tgt must be equal")
        if src.shape[-1] != self.d_model or tgt.shape[-1] != self.d_model:
            raise RuntimeError("the feature number of src and tgt must be equal to d_model")
        memory = self.encoder(src, mask=src_mask, src_key_padding_mask=src_key_padding_mask, is_causal=src_is_causal)
        return self.decoder(tgt, memory, tgt_mask=tgt_mask, memory_mask=memory_mask,
                            tgt_key_padding_mask=tgt_key_padding_mask,
                            memory_key_padding_mask=memory_key_padding_mask, tgt_is_causal=tgt_is_causal,
                            memory_is_causal=memory_is_causal)

    @staticmethod
    def generate_square_subsequent_mask(sz: int, device=None, dtype=None):
        require_cpu(device)
        return _square_subsequent_mask(sz, dtype)
