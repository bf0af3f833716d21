def mix_values(weights, V):
    return weights @ V
