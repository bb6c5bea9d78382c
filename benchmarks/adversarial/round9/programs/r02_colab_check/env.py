import sys
IN_COLAB = "google.colab" in sys.modules
