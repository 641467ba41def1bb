# Inputs of the wrong dtype reaching layers, as users forget .float() or an Embedding: uint8 images into conv,
# pools and BatchNorm (torch: 'not implemented for Byte', average pools take float and int64 only), float64 or
# token ids into recurrent layers (torch's 'RNN input dtype ... does not match weight dtype'), each error printed.
import torch
import torch.nn as nn
import torch.nn.functional as F
torch.manual_seed(0)
def run(label, f):
    try:
        r = f(); print(label, "OK", r.shape if hasattr(r, "shape") else r)
    except Exception as e:
        print(label, type(e).__name__, e)
img = torch.randint(0, 255, (2, 3, 8, 8), dtype=torch.uint8)
run("conv uint8", lambda: nn.Conv2d(3, 4, 3)(img))
run("conv uint8 nobias", lambda: nn.Conv2d(3, 4, 3, bias=False)(img))
run("conv double", lambda: nn.Conv2d(3, 4, 3)(img.double()))
run("conv double nobias", lambda: nn.Conv2d(3, 4, 3, bias=False)(img.double()))
run("conv1d int", lambda: nn.Conv1d(3, 4, 3)(torch.ones(1, 3, 5, dtype=torch.long)))
run("linear uint8", lambda: nn.Linear(8, 2)(img))
run("bn uint8", lambda: nn.BatchNorm2d(3)(img))
run("bn double", lambda: nn.BatchNorm2d(3)(img.double()))
run("ln double", lambda: nn.LayerNorm(8)(img.double()))
run("maxpool uint8", lambda: nn.MaxPool2d(2)(img))
run("avgpool uint8", lambda: nn.AvgPool2d(2)(img))
run("adaptive uint8", lambda: nn.AdaptiveAvgPool2d(1)(img))
run("relu uint8", lambda: nn.ReLU()(img))
run("flatten then linear", lambda: nn.Sequential(nn.Flatten(), nn.Linear(100, 2))(img.float()))
run("lstm double", lambda: nn.LSTM(3, 2)(torch.ones(2, 1, 3, dtype=torch.float64)))
run("emb long ok", lambda: nn.Embedding(5, 2)(torch.tensor([[1, 2]], dtype=torch.int32)))
run("dropout uint8 eval", lambda: nn.Dropout().eval()(img))
run("softmax uint8", lambda: nn.Softmax(1)(img))
run("mse uint8", lambda: nn.MSELoss()(img.float(), img))
run("interpolate uint8", lambda: nn.functional.interpolate(img, scale_factor=2))
run("interpolate bilinear uint8", lambda: nn.functional.interpolate(img, scale_factor=2, mode="bilinear"))

for dt in (torch.uint8, torch.long, torch.int32, torch.bool):
    x1 = torch.ones(1, 2, 4, dtype=dt); x2 = torch.ones(1, 2, 4, 4, dtype=dt); x3 = torch.ones(1, 2, 2, 4, 4, dtype=dt)
    for label, f in [("avg1d", lambda: F.avg_pool1d(x1, 2)), ("avg2d", lambda: F.avg_pool2d(x2, 2)), ("avg3d", lambda: F.avg_pool3d(x3, 2)),
                     ("adaptive1d", lambda: F.adaptive_avg_pool1d(x1, 1)), ("adaptive2d", lambda: F.adaptive_avg_pool2d(x2, 1)),
                     ("max2d", lambda: F.max_pool2d(x2, 2)), ("amax2d", lambda: F.adaptive_max_pool2d(x2, 1)), ("lp", lambda: F.lp_pool2d(x2, 2, 2)),
                     ("bn", lambda: nn.BatchNorm2d(2)(x2)), ("bn eval", lambda: nn.BatchNorm2d(2).eval()(x2)), ("ln", lambda: nn.LayerNorm(4)(x2)),
                     ("gn", lambda: nn.GroupNorm(1, 2)(x2)), ("in", lambda: nn.InstanceNorm2d(2)(x2))]:
        try:
            r = f(); print(dt, label, "OK", r.dtype)
        except Exception as e:
            print(dt, label, type(e).__name__, e)

from torch.nn.utils.rnn import pack_sequence
for cls in (nn.LSTM, nn.GRU, nn.RNN):
    for x in (torch.ones(2, 1, 3, dtype=torch.float64), torch.tensor([[1, 2, 3]]), pack_sequence([torch.ones(2, 3, dtype=torch.float64)])):
        try:
            cls(3, 2)(x)
        except Exception as e:
            print(cls.__name__, type(e).__name__, e)
    print(cls(3, 2).double()(torch.ones(2, 3, dtype=torch.float64))[0].dtype)
