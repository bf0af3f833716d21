# Adapted from nanoGPT, model.py class LayerNorm.forward: F.layer_norm(input, self.weight.shape, self.weight,
# self.bias, 1e-5), with the exercise's gamma, beta and eps. The exercise forbids only library attention.
# Source: https://github.com/karpathy/nanoGPT/blob/master/model.py  Licence: MIT (Andrej Karpathy)
import torch.nn.functional as F


def layer_norm(x, gamma, beta, eps=1e-5):
    return F.layer_norm(x, gamma.shape, gamma, beta, eps)
