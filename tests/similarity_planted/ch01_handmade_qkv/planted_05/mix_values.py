def mix_values(weights, V):
    # step 4: each output row is a weighted sum of the rows of V
    return weights.matmul(V)
