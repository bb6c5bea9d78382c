"""Driver for pytorchzerotoall-seq2seq_models: encoder and attention decoder on the device, one
forward/backward over a short string (the file's own helpers build the inputs)."""

import _common

module = _common.load()
device = _common.device()
encoder = module.EncoderRNN(128, 16).to(device)
decoder = module.AttnDecoderRNN(16, 128).to(device)
source = module.str2tensor("hi there", eos=True)
encoder_out, hidden = encoder(source, encoder.init_hidden())
decoder_in = module.str2tensor(module.SOS_token)
loss = 0
for _step in range(3):
    output, hidden, _ = decoder(decoder_in, hidden, encoder_out)
    loss = loss + output.sum()
    decoder_in = output.argmax(1)
loss.backward()
