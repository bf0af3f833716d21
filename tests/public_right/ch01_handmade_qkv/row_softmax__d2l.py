# Adapted from Dive into Deep Learning, §4.4 "Softmax Regression Implementation from Scratch" (def softmax(X):
# X_exp = torch.exp(X); partition = X_exp.sum(1, keepdims=True); return X_exp / partition), over the last axis and
# with the row maximum subtracted first, as the exercise's text requires.
# Source: https://d2l.ai/chapter_linear-classification/softmax-regression-scratch.html  Licence: code MIT-0 (d2l-ai/d2l-en)
import torch


def row_softmax(scores):
    X_exp = torch.exp(scores - scores.amax(dim=-1, keepdim=True))
    partition = X_exp.sum(dim=-1, keepdim=True)
    return X_exp / partition
