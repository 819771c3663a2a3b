// Ctrl-C / SIGTERM handling for training: the first signal asks the run to save a checkpoint and
// stop cleanly; the handler only sets a flag (async-signal-safe), the loops poll it.
#pragma once

namespace ddz::selfplay {

// Installs the handlers for SIGINT and SIGTERM (idempotent).
void install_stop_handlers();
// True once SIGINT or SIGTERM arrived (or request_stop() was called).
bool stop_requested();
// The signal number that asked to stop, 0 if none (or request_stop()).
int stop_signal();
// Asks the run to stop as a signal would (tests, time limits).
void request_stop();
// Forgets an earlier request (tests run several trainings in one process).
void clear_stop();

}  // namespace ddz::selfplay
