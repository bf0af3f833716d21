# Adapted from nanoGPT, model.py CausalSelfAttention.forward (manual attention): att = q @ k.transpose(-2, -1)
# Source: https://github.com/karpathy/nanoGPT/blob/master/model.py  Licence: MIT (Andrej Karpathy)
def dot_scores(Q, K):
    return Q @ K.transpose(-2, -1)
