"""Recurrent links: LSTM/GRU/MGU cells, stacked n-step RNNs and tree-structured LSTMs."""
