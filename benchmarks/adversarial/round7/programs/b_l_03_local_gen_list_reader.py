# EMU
import torch
def main():
    gens = []
    def watch():
        while True:
            yield str(x.device)
    gens.append(watch())
    x = torch.zeros(3)
    print("between:", next(gens[0]))
    x = x.cuda()
    print(x.device)
main()
