# Python's random (same numbers as Python for a seed) and warnings filters inside a script.
import random
import warnings
import torch
warnings.filterwarnings("ignore")
random.seed(0)
print(random.random(), random.randint(1, 10), random.choice([1, 2, 3]))
xs = list(range(5)); random.shuffle(xs); print(xs, random.sample(range(10), 3))
warnings.warn("hidden")
with warnings.catch_warnings():
    warnings.simplefilter("error")
    try:
        warnings.warn("boom", DeprecationWarning)
    except DeprecationWarning as e:
        print("caught", e)
print(torch.nn.functional.mse_loss(torch.ones(2), torch.ones(3, 2)).item())
