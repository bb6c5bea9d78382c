"""A tiny class scorer: a linear layer plus a per-class prior."""
