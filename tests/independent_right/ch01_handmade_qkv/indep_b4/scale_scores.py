def scale_scores(scores, d_k):
    """Divide the scores by sqrt(d_k); the shape does not change."""
    assert d_k > 0, f"d_k 는 양수여야 합니다: {d_k}"

    denominator = float(d_k) ** 0.5
    return scores / denominator
