# Adapted from The Annotated Transformer, class Batch: self.src_mask = (src != pad).unsqueeze(-2)
# Source: https://nlp.seas.harvard.edu/annotated-transformer/ (github.com/harvardnlp/annotated-transformer)  Licence: MIT
def padding_mask(x, pad_id=0):
    return (x != pad_id).unsqueeze(-2)
