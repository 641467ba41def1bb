# A training script's options, as PyTorch's examples write them (the list passed explicitly: a
# script's own command line is empty in gradcli).
import argparse
import torch
import torch.nn as nn


def get_args(argv):
    parser = argparse.ArgumentParser(prog="train.py", description="Fit a line",
                                     formatter_class=argparse.ArgumentDefaultsHelpFormatter)
    parser.add_argument("--lr", type=float, default=0.1, help="learning rate")
    parser.add_argument("--epochs", type=int, default=3, metavar="N")
    parser.add_argument("--no-bias", action="store_true", help="drop the bias")
    parser.add_argument("--loss", choices=["mse", "l1"], default="mse")
    return parser, parser.parse_args(argv)


parser, args = get_args([])
print(args)
parser, args = get_args(["--lr", "0.05", "--epochs=2", "--no-bias", "--loss", "l1"])
print(args.lr, args.epochs, args.no_bias, args.loss)
print(parser.format_usage(), end="")
print(type(args).__name__, isinstance(args, argparse.Namespace), argparse.Namespace(a=1))

torch.manual_seed(0)
model = nn.Linear(1, 1, bias=not args.no_bias)
with torch.no_grad():
    model.weight.fill_(0.5)
x = torch.tensor([[1.0], [2.0], [3.0]])
y = 2 * x
criterion = nn.MSELoss() if args.loss == "mse" else nn.L1Loss()
opt = torch.optim.SGD(model.parameters(), lr=args.lr)
for epoch in range(args.epochs):
    opt.zero_grad()
    loss = criterion(model(x), y)
    loss.backward()
    opt.step()
    print(f"epoch {epoch + 1}/{args.epochs} loss {loss.item():.4f}")
parser.print_help()
