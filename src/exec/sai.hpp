// Storage-Attached Indexes (Cassandra 5.0's `USING 'sai'`): which index classes are SAI, what
// CREATE INDEX accepts for one (StorageAttachedIndex.validateOptions), which restrictions one
// serves without ALLOW FILTERING (IndexTermType.supports), and the similarity a vector index
// orders ANN queries by. Reads stay scans in token order, as SAI returns rows; an index only
// changes what a query may ask.
#pragma once

#include <map>
#include <string>
#include <string_view>
#include <vector>

#include "ast/ast.hpp"
#include "exec/functions.hpp"
#include "schema/table_schema.hpp"

namespace cqlbox::exec::sai {

// IndexMetadata's aliases: 'sai' and 'StorageAttachedIndex' in any case, or the class's full name.
bool is_sai_class(std::string_view cls);
bool is_sai(const schema::IndexDef& index);

// The checks 5.0 makes of a new SAI index on `column` (`function`: keys/values/entries/full or
// empty); the vector usage warning goes to `warnings`.
void validate(const schema::TableSchema& t, const schema::Column& column, std::string_view function,
              const std::map<std::string, std::string>& options, const std::string& index_name,
              std::vector<std::string>& warnings);

// An SAI index on `column` answers this operator.
bool supports(const schema::IndexDef& index, const schema::Column& column, ast::Operator op);

using Similarity = VectorSimilarity;
Similarity similarity(const schema::IndexDef& index);  // similarity_function, COSINE by default

}  // namespace cqlbox::exec::sai
