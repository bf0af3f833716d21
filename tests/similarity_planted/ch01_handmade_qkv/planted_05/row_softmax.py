def row_softmax(scores):
    # step 3: move every row so its biggest entry is 0, exponentiate, normalise the row
    numer = scores.sub(scores.max(dim=-1, keepdim=True).values).exp()
    return numer.div(numer.sum(dim=-1, keepdim=True))
