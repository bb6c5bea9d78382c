# source: ugent-korea/pytorch-unet-segmentation src/modules.py (validation loss summed as `total = total + x.cpu().item()` over each image's slices)
# verdict: hit; the same running sum as `+=`: kept on the device, read back after each batch's slices.
import torch
import torch.nn as nn


def validate_model(model, data_val, criterion):
    total_val_loss = 0
    for batch, (images_v, masks_v) in enumerate(data_val):
        for index in range(images_v.size()[1]):
            with torch.no_grad():
                image_v = images_v[:, index, :, :].unsqueeze(0).cuda()
                mask_v = masks_v[:, index, :, :].cuda()
                output_v = model(image_v)
                total_val_loss = total_val_loss + criterion(output_v, mask_v).detach().double()  # expect DEV008
        total_val_loss = float(total_val_loss)
    return total_val_loss / ((batch + 1) * 4)
