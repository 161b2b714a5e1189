#include "print/error_text.hpp"

#include <fmt/format.h>

#include "cluster/consistency.hpp"

namespace cqlbox::print {

std::string error_text(const error::CqlError& e) {
  using error::ErrorClass;
  switch (e.cls) {
    case ErrorClass::InvalidRequest:
      return fmt::format("InvalidRequest: Error from server: code=2200 [Invalid query] message=\"{}\"", e.message);
    case ErrorClass::Unauthorized:
      return fmt::format("Unauthorized: Error from server: code=2100 [Unauthorized] message=\"{}\"", e.message);
    case ErrorClass::SyntaxException: return "SyntaxException: " + e.message;
    case ErrorClass::ConfigurationException: return "ConfigurationException: " + e.message;
    case ErrorClass::AlreadyExists:
      if (e.table.empty()) return fmt::format("AlreadyExists: Keyspace '{}' already exists", e.keyspace);
      return fmt::format("AlreadyExists: Table '{}.{}' already exists", e.keyspace, e.table);
    case ErrorClass::ProtocolError: return "ProtocolError: " + e.message;
    case ErrorClass::AuthenticationError:
      return fmt::format("Error from server: code=0100 [Bad credentials] message=\"{}\"", e.message);
    case ErrorClass::FunctionFailure:
      // cqlsh 6.2 does not list FunctionFailure among the errors it prints in one line
      // (CQL_ERRORS): it prints the traceback, from its own cqlshlib/cqlshmain.py.
      return fmt::format(
          "Traceback (most recent call last):\n"
          "  File \"cqlshlib/cqlshmain.py\", line 971, in perform_simple_statement\n"
          "    result = future.result()\n"
          "             ^^^^^^^^^^^^^^^\n"
          "  File \"cassandra/cluster.py\", line 4894, in cassandra.cluster.ResponseFuture.result\n"
          "cassandra.FunctionFailure: Error from server: code=1400 [User Defined Function failure] "
          "message=\"{}\"\n",
          e.message);
    case ErrorClass::Unavailable:
      // The driver's retry policy tries the next host once; cqlsh's cluster has one, so what it
      // prints is the NoHostAvailable that follows, with the Unavailable's repr inside.
      return fmt::format(
          "NoHostAvailable: ('Unable to complete the operation against any hosts', "
          "{{<Host: 127.0.0.1:9042 datacenter1>: Unavailable('Error from server: code=1000 [Unavailable exception] "
          "message=\"{}\" info={{\\'consistency\\': \\'{}\\', \\'required_replicas\\': {}, "
          "\\'alive_replicas\\': {}}}')}})",
          e.message, cluster::consistency_name(e.consistency), e.required, e.alive);
    case ErrorClass::WriteTimeout:
    case ErrorClass::ReadTimeout:
      // The driver's retry policy rethrows a timeout that did not get enough answers, so cqlsh
      // prints the exception itself (its info dict leaves data_retrieved out).
      return fmt::format(
          "{}: Error from server: code={:04x} [Coordinator node timed out waiting for replica nodes' responses] "
          "message=\"{}\" info={{'consistency': '{}', 'required_responses': {}, 'received_responses': {}{}}}",
          e.cls == ErrorClass::WriteTimeout ? "WriteTimeout" : "ReadTimeout", static_cast<unsigned>(e.cls), e.message,
          cluster::consistency_name(e.consistency), e.required, e.received,
          e.cls == ErrorClass::WriteTimeout ? ", 'write_type': '" + e.write_type + "'" : std::string());
    case ErrorClass::TruncateError:
      // Sent on to the next host by the driver, as a SERVER_ERROR is (checked against cqlsh).
      return fmt::format(
          "NoHostAvailable: ('Unable to complete the operation against any hosts', "
          "{{<Host: 127.0.0.1:9042 datacenter1>: <Error from server: code=1003 [Error during truncate] "
          "message=\"{}\">}})",
          e.message);
    case ErrorClass::ReadFailure:
      return "ReadFailure: Error from server: code=1300 [Replica(s) failed to execute read] message=\"" + e.message;
    case ErrorClass::ServerError:
      // The driver's retry policy sends a SERVER_ERROR on to the next host; cqlsh's cluster
      // has one, so what it prints is the NoHostAvailable that follows.
      return fmt::format(
          "NoHostAvailable: ('Unable to complete the operation against any hosts', "
          "{{<Host: 127.0.0.1:9042 datacenter1>: <Error from server: code=0000 [Server error] "
          "message=\"{}\">}})",
          e.message);
    case ErrorClass::ShellError: return e.message;
  }
  return e.message;
}

}  // namespace cqlbox::print
