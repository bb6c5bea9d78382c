run = exec
