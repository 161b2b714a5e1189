#pragma once

// Serves the do-nothing native protocol floor on 127.0.0.1:port until killed (protocol_floor.cpp).
void serve_floor(int port);
