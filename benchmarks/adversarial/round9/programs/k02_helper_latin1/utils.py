# café
x = 1
