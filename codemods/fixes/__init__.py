"""What fixes write, shared by rules: imports added or removed, a portable device, DDP scaffolding."""
