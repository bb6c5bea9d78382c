"""What code means, shared by rules: models and their moves, batches, devices, tensors, training steps."""
