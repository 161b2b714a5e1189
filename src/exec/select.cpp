// SELECT: execution of its plan (select_plan.hpp) over the store in token / clustering order.
#include <algorithm>
#include <set>

#include "error/cql_error.hpp"
#include "exec/executor.hpp"
#include "exec/restrictions.hpp"
#include "exec/plan_cache.hpp"
#include "exec/availability.hpp"
#include "exec/replica_activity_notes.hpp"
#include "exec/replica_copies.hpp"
#include "exec/select_plan.hpp"
#include "exec/select_rows.hpp"
#include "exec/sai.hpp"
#include "exec/selection.hpp"
#include "exec/terms.hpp"
#include "exec/tombstone_limits.hpp"
#include "store/clustering.hpp"
#include "types/collection.hpp"
#include "types/bytes.hpp"
#include "types/compare.hpp"
#include "util/text.hpp"

namespace cqlbox::exec {

using error::invalid;
using schema::ColumnKind;

namespace {

// --- execution --------------------------------------------------------------------------------

// SELECT JSON: one text column "[json]" holding each row as a JSON object.
void to_json(Rows& rows) {
  for (auto& row : rows.rows) {
    std::string obj = "{";
    for (std::size_t i = 0; i < row.size(); ++i) {
      if (i) obj += ", ";
      obj += json_key(rows.columns[i].name) + ": " + json_value(*rows.columns[i].type, row[i]);
    }
    obj += "}";
    row.assign(1, Value(std::move(obj)));
  }
  rows.columns.assign(1, ResultColumn{"[json]", types::native_type(types::Kind::Text)});
}

}  // namespace

namespace {

constexpr std::int64_t kMaxTopK = 1000;  // cassandra.sai.vector_search.max_top_k

}  // namespace

SelectShape select_shape(const schema::TableSchema& t, const ast::Select& s, const FunctionContext& ctx) {
  Plan plan = plan_select(t, s, ctx, true);
  std::string ann;
  if (plan.ann_column >= 0) {
    const char* how = plan.ann_similarity == sai::Similarity::Euclidean    ? "euclidean"
                      : plan.ann_similarity == sai::Similarity::DotProduct ? "dot product"
                                                                           : "cosine";
    ann = fmt::format(
        "{} ANN OF: each matching row with a vector is scored by {} similarity to the given one; "
        "the LIMIT best are returned, best first (SAI searches its graph for them)",
        util::cql_name(t.column(plan.ann_column).name), how);
  }
  return SelectShape{std::move(plan.filtering_reason), std::move(plan.index), plan.index_column, plan.reversed,
                     std::move(ann)};
}

void check_select(Database& db, const ast::Select& s, const schema::TableSchema& t) {
  const FunctionContext ctx = db.functions();
  (void)plan_select(t, s, ctx, s.explain);
}

namespace {

// LIMIT and PER PARTITION LIMIT bound, and the checks SelectStatement.execute makes before it
// reads (a top-k query's, ORDER BY with IN under paging). Top-k's paging warning goes to
// `warnings`.
void bind_limits(Plan& plan, const ast::Select& s, const Session& session, std::vector<std::string>& warnings) {
  static const types::CqlType* int_type = types::native_type(types::Kind::Int);
  if (s.limit && !is_unset(s.limit)) {
    plan.limit = bind_integer(*s.limit, *int_type, "[limit]");
    if (!plan.limit || *plan.limit <= 0) invalid("LIMIT must be strictly positive");
  }
  if (s.per_partition_limit && !is_unset(s.per_partition_limit)) {
    plan.per_partition_limit = bind_integer(*s.per_partition_limit, *int_type, "[per_partition_limit]");
    if (!plan.per_partition_limit || *plan.per_partition_limit <= 0) invalid("LIMIT must be strictly positive");
  }
  if (plan.ann_column >= 0) {  // SelectStatement.execute's checks of a top-k query
    if (plan.selection.aggregate || plan.grouped) invalid("Top-K queries can not be run with aggregation");
    if (!plan.limit)
      invalid("Top-K queries must have a limit specified and the limit must be less than the query page size");
    if (plan.per_partition_limit) invalid("Top-K queries do not support per-partition limits");
    if (session.paging && session.page_size > 0 && session.page_size < *plan.limit)
      warnings.push_back(
          fmt::format("Top-K queries do not support paging and the page size is set to {}, which is "
                      "less than LIMIT {}. The page size has been set to {} to match the LIMIT.",
                      session.page_size, *plan.limit, *plan.limit));
    if (*plan.limit > kMaxTopK)  // StorageAttachedIndex.validate
      invalid("Use of ANN OF in an ORDER BY clause requires a LIMIT that is not greater than {}. LIMIT was {}",
              kMaxTopK, *plan.limit);
  }
  if (plan.ordered && plan.where.partition_key_in && session.paging)
    invalid(
        "Cannot page queries with both ORDER BY and a IN restriction on the partition key; you must either remove the "
        "ORDER BY or the IN and sort client side, or disable paging for this query");
}

// The buffers a SELECT reads through, kept from one SELECT to the next on the thread that ran
// it: a point read allocated each anew (7 of its 15 allocations). A run takes them and gives
// them back; a run nested in another (none is today) would start with empty ones. Buffers a
// scan grew past kKeptEntries are not kept.
struct ReadBuffers {
  std::vector<const store::Partition*> partitions;
  std::vector<std::string> prefixes;
  std::vector<std::string_view> partition_key, clustering;
  std::vector<RowSource::Cell> cells;
  std::vector<Value> values;
  std::vector<store::Row> candidates;
};
thread_local ReadBuffers spare_buffers;
constexpr std::size_t kKeptEntries = 4096;

template <typename T>
void keep_small(std::vector<T>& v) {
  if (v.capacity() > kKeptEntries) std::vector<T>().swap(v);
}

// One SELECT's run over the store: partitions in token order, their candidate rows in
// clustering order, each matching row handed to emit(), which feeds the selection, an
// aggregate, a GROUP BY group, the ANN scorer or the sort after reading; then finish().
class SelectRun {
 public:
  SelectRun(Database& db, Session& session, const ast::Select& s, const schema::TableSchema& t, const Plan& plan,
            const FunctionContext& ctx)
      : db_(db),
        session_(session),
        s_(s),
        t_(t),
        plan_(plan),
        r_(plan.where),
        ctx_(ctx),
        st_(db.store_of(t)),
        cmp_(st_.comparator()),
        now_s_(db.clock.now_us() / 1000000),
        match_{t, plan.where, plan.reads.filtered},
        buf_(std::move(spare_buffers)),
        aggregating_(plan.selection.aggregate || plan.grouped),
        post_sort_(plan.ordered && plan.where.partition_key_in),
        ann_(plan.ann_column >= 0),
        agg_(plan.selection, aggregating_),
        page_rows_(session.paging ? 100 : UINT64_MAX) {
    clustering_prefixes(t, plan.where, cmp_, buf_.prefixes);
    rows_.columns = plan.selection.result_columns();
    session.sink_columns = &rows_.columns;
    rows_.keyspace = t.keyspace;
    rows_.table = t.name;
    ++st_.reads;
    // A single-column slice on the clustering column after the '=' prefix narrows each run.
    if (static_cast<std::size_t>(r_.clustering_eq_prefix) < t.clustering.size()) {
      const int col = t.clustering[static_cast<std::size_t>(r_.clustering_eq_prefix)];
      const auto& cr = r_.columns[static_cast<std::size_t>(col)];
      if (cr.slice()) slice_ = Slice{static_cast<std::size_t>(r_.clustering_eq_prefix), &cr};
    }
    // A static column's restriction still lets a partition without rows show as its static
    // row; a clustering or regular column's cannot match it.
    clustering_or_regular_restricted_ = r_.has_clustering;
    for (std::size_t i = 0; i < t.columns.size(); ++i)
      clustering_or_regular_restricted_ =
          clustering_or_regular_restricted_ || (t.columns[i].kind == ColumnKind::Regular && r_.columns[i].any());
    match_.prepare_numbers();
    sink_ = !aggregating_ && !post_sort_ && !ann_ && !plan.distinct && !s.json ? session.row_sink : nullptr;
    // count(*) alone, with nothing restricting clustering columns or cells: past the first row
    // (which an aggregate query evaluates in full), a live row only adds one, and its key and
    // cells need not be read (they were 6% of a million-row count).
    count_only_ = aggregating_ && !plan.grouped && !post_sort_ && r_.multi.empty();
    for (const auto& sel : plan.selection.selectors) count_only_ = count_only_ && sel.op == SelectorOp::CountRows;
    for (std::size_t i = 0; i < t.columns.size() && count_only_; ++i)
      count_only_ = t.columns[i].kind == ColumnKind::PartitionKey || !r_.columns[i].any();
  }

  ~SelectRun() {
    keep_small(buf_.partitions);
    keep_small(buf_.candidates);
    keep_small(buf_.prefixes);
    // A row's cells and values are not kept: a cell of this table must not show in the next
    // SELECT's, and a blob of megabytes is not held until then.
    buf_.values.clear();
    buf_.cells.clear();
    spare_buffers = std::move(buf_);
  }
  SelectRun(const SelectRun&) = delete;
  SelectRun& operator=(const SelectRun&) = delete;

  Rows run(std::vector<std::string> topk_warnings) {
    partitions_to_read(t_, r_, st_, buf_.partitions);
    for (const store::Partition* p : buf_.partitions) {
      check_interrupted();
      if (limit_reached()) break;
      // The replicas the level asks, when one may be behind (replica_copies.hpp); a trace lists them.
      if (session_.activity && r_.partition_lookup) note_traced_read(db_, session_, t_, *p);
      read_partition(replicas_disagree(db_) ? read_replicas(db_, session_, t_, *p) : *p, *p);
    }
    finish();
    for (auto& w : topk_warnings) rows_.warnings.insert(rows_.warnings.begin(), std::move(w));
    if (s_.json) to_json(rows_);
    return std::move(rows_);
  }

 private:
  void check_interrupted() const {
    if (session_.interrupted && *session_.interrupted) error::fail(error::ErrorClass::ShellError, "Interrupted");
  }

  bool limit_reached() const {
    if (aggregating_ && !plan_.grouped) return false;
    return plan_.limit &&
           static_cast<std::int64_t>(plan_.grouped ? rows_.rows.size() : static_cast<std::size_t>(emitted_)) >=
               *plan_.limit &&
           !post_sort_ && !ann_;
  }

  void group_of(const RowSource& src, std::string& out) const {
    out.clear();
    for (auto part : *src.partition_key) {
      out += part;
      out += '\0';
    }
    for (std::size_t i = 0; i < plan_.group_clustering && i < src.clustering->size(); ++i) {
      out += (*src.clustering)[i];
      out += '\0';
    }
  }

  // A finished group: its row, or with ORDER BY across IN partitions a row to sort by the
  // clustering of the group's first row (the values its key columns show).
  void finish_group() {
    if (post_sort_)
      pending_.emplace_back(group_clustering_, agg_.finish());
    else
      rows_.rows.push_back(agg_.finish());
  }

  void emit(const RowSource& src, const std::string_view* clustering) {
    if (plan_.grouped) {
      group_of(src, row_group_);
      if (agg_.has_rows() && row_group_ != group_key_) {
        finish_group();
        agg_.reset();
      }
      if (!agg_.has_rows()) group_clustering_ = clustering ? std::string(*clustering) : std::string();
      group_key_ = row_group_;
      agg_.feed(t_, src, ctx_);
      return;
    }
    if (aggregating_) {
      agg_.feed(t_, src, ctx_);
      return;
    }
    if (ann_) {
      const RowSource::Cell& v = src.cell(plan_.ann_column);
      if (!v.present) return;  // a row without a vector is not in the index
      const float score = vector_similarity(plan_.ann_similarity, v.value, plan_.ann_value);
      evaluate_row(plan_.selection, t_, src, ctx_, buf_.values);
      scored_.emplace_back(score, buf_.values);
      return;
    }
    evaluate_row(plan_.selection, t_, src, ctx_, buf_.values);
    if (sink_) {
      (*sink_)(buf_.values);
      ++emitted_;
      return;
    }
    if (post_sort_)
      pending_.emplace_back(clustering ? std::string(*clustering) : std::string(), buf_.values);
    else
      rows_.rows.push_back(buf_.values);
    ++emitted_;
    // The result is held until printed: refuse it before it exhausts memory (--max-memory).
    if ((emitted_ & 1023) == 0 && db_.memory.exceeded())
      error::fail(error::ErrorClass::ShellError,
                  "Result too large: cqlbox has grown by {} MiB after {} rows, the limit is {} MiB (--max-memory); "
                  "add a LIMIT, page through it, or COPY it TO a file",
                  db_.memory.used_mib(), emitted_, db_.memory.limit() >> 20);
  }

  // Tombstones met while reading, counted as Cassandra's ReadCommand counts them, per read:
  // cqlsh reads a page of 100 rows at a time, so the counts restart with each page. The first
  // page past tombstone_warn_threshold gives the warning.
  void end_page() {
    if (tombstones_ > kTombstoneWarnThreshold && !tombstone_warned_)
      tombstone_warned_ = tombstone_warning(t_, s_, session_, plan_.limit, live_read_, tombstones_,
                                            last_read_ ? last_read_->token() : 0);
    tombstones_ = live_read_ = 0;
  }

  // `p` is what is read: the stored partition `stored`, or a replica's copy of it (same key).
  void read_partition(const store::Partition& p, const store::Partition& stored) {
    std::vector<std::string_view>& pk = buf_.partition_key;
    split_partition_key(p.key(), t_.partition_key.size(), pk);
    if (!match_.partition_matches(pk)) return;
    std::vector<std::string_view>& ck = buf_.clustering;
    ck.clear();
    std::vector<RowSource::Cell>& cells = buf_.cells;
    RowSource src{&pk, &ck, p.key(), &cells, &plan_.reads.read};
    ReadPartition* read = nullptr;
    if (session_.record_reads) read = &rows_.read.emplace_back(ReadPartition{&p, {}});

    if (plan_.distinct) {
      bool live = has_live_static(t_, p, now_s_);
      for (const auto& row : p.rows()) live = live || row_live(t_, row, p.row_shadow(row, cmp_), now_s_);
      if (!live) return;
      collect_cells(t_, p, nullptr, 0, now_s_, cells);
      if (!match_.cells_match(cells)) return;  // a static column's restriction
      emit(src, nullptr);
      return;
    }

    last_read_ = &stored;  // its token (a hash of the key) is computed only if a warning names it
    tombstones_ += 2 * p.range_tombstones().size();  // each range's open and close bound
    // The static row is read with the partition (applyToStatic): its dead cells count too.
    p.static_row().for_each_cell([&](int, const store::CellRef& c) {
      if (c.timestamp > p.deletion().timestamp && !c.live(now_s_)) ++tombstones_;
    });
    // Candidate rows: the '=' prefixes' runs (equal prefixes sort together whatever the column
    // directions), narrowed by a slice on the next clustering column, in clustering order
    // (binary searches: O(log n + k) per run).
    PartitionRead pr{p, src, read};
    const bool by_page = count_by_page(p);
    std::vector<store::Row>& candidates = buf_.candidates;
    candidates.clear();
    for (const auto& prefix : buf_.prefixes) {
      const auto [lo, hi] = slice_range(p, cmp_, p.head_range(prefix, cmp_), slice_);
      if (by_page)
        count_rows(pr, lo, hi);
      else
        p.rows().for_each(lo, hi, [&](store::Row row) { candidates.push_back(row); });
    }
    if (plan_.reversed) std::reverse(candidates.begin(), candidates.end());
    for (const store::Row& candidate : candidates)
      if (!read_row(pr, candidate)) break;
    // A partition with only static data shows as one row when nothing restricts the rows.
    if (!pr.any_row && !clustering_or_regular_restricted_ && has_live_static(t_, p, now_s_) && !limit_reached()) {
      ck.clear();
      collect_cells(t_, p, nullptr, 0, now_s_, cells);
      if (match_.cells_match(cells)) emit(src, nullptr);
    }
  }

  // What reading one partition's rows keeps: the partition, the row source emit() reads and
  // what a trace records (or null), and the counts so far.
  struct PartitionRead {
    const store::Partition& p;
    RowSource& src;
    ReadPartition* read;
    std::int64_t in_partition = 0;
    std::size_t scanned_rows = 0;
    bool any_row = false;
  };

  // Reads one candidate row of pr.p: its liveness and tombstones, then the row as the query
  // takes it. False when the partition's reading stops here (a limit).
  bool read_row(PartitionRead& pr, const store::Row& row) {
    const store::Partition& p = pr.p;
    if (limit_reached()) return false;
    if ((++pr.scanned_rows & 4095) == 0) check_interrupted();  // a partition of millions of rows
    // Grouped, PER PARTITION LIMIT counts groups (GroupByLimits): checked as a row opens one.
    if (!plan_.grouped && plan_.per_partition_limit && pr.in_partition >= *plan_.per_partition_limit) return false;
    if (pr.read) pr.read->rows.push_back(row);
    const std::int64_t shadow = p.row_shadow(row, cmp_);
    const bool counted_only = count_only_ && agg_.has_rows();
    // The cells come with the liveness walk, unless a clustering restriction may reject the
    // row first (its collections would be built for nothing).
    const bool fill_now = !counted_only && !r_.has_clustering;
    std::vector<RowSource::Cell>& cells = buf_.cells;
    const RowScan scanned = scan_row(t_, p, row, shadow, now_s_, plan_.reads, fill_now ? &cells : nullptr);
    const bool live = scanned.live;
    tombstones_ += scanned.tombstones;
    live_read_ += live ? 1 : 0;
    if (tombstones_ > kTombstoneFailThreshold) tombstone_failure(db_, t_, tombstones_, p.token());
    if (live_read_ == page_rows_) end_page();
    if (!live) return true;
    if (pr.read) ++pr.read->live_rows;
    pr.any_row = true;
    if (counted_only) {
      agg_.feed(t_, pr.src, ctx_);
      ++pr.in_partition;
      return true;
    }
    // The key is decoded only when something reads it, and after the cells' filter when no
    // clustering restriction needs it first.
    std::optional<store::RowKey> key;
    std::vector<std::string_view>& ck = buf_.clustering;
    ck.clear();
    if (r_.has_clustering) {
      store::split_components(key.emplace(row).view(), ck);
      if (!match_.clustering_matches(ck)) return true;
    }
    if (!fill_now) collect_cells(t_, p, &row, shadow, now_s_, cells, plan_.reads);
    if (!match_.cells_match(cells)) return true;
    if (!key && plan_.reads.key) store::split_components(key.emplace(row).view(), ck);
    const std::string_view row_clustering = key ? key->view() : std::string_view();
    if (plan_.grouped && plan_.per_partition_limit) {
      group_of(pr.src, next_group_);
      if (!agg_.has_rows() || next_group_ != group_key_ || pr.in_partition == 0) {  // the row opens a group
        if (pr.in_partition >= *plan_.per_partition_limit) return false;
        ++pr.in_partition;
      }
      emit(pr.src, &row_clustering);
      return true;
    }
    emit(pr.src, &row_clustering);
    ++pr.in_partition;
    return true;
  }

  // Whether count(*) alone (count_only_) may count p's rows a page at a time (count_rows): in
  // clustering order, with no trace recording each row, no PER PARTITION LIMIT, and no range
  // tombstone (so that a row's shadow is the partition's deletion, or its own).
  bool count_by_page(const store::Partition& p) const {
    return count_only_ && !session_.record_reads && !plan_.reversed && !plan_.per_partition_limit &&
           p.range_tombstones().empty();
  }

  // The rows [lo, hi) of pr.p for count_by_page: a page wholly inside whose rows are all live
  // without a tombstone (RowPages::all_live) adds its row count without reading a row, after the
  // query's first row (which the aggregate evaluates in full); other rows are read one by one.
  // A million rows written by INSERTs of every column cost 525 instructions each before.
  void count_rows(PartitionRead& pr, std::size_t lo, std::size_t hi) {
    const std::int64_t shadow = pr.p.deletion().timestamp;
    std::size_t start = 0;
    for (const store::RowPages::Page& page : pr.p.row_pages().pages()) {
      const std::size_t end = start + page.count;
      if (start >= hi) return;
      if (start >= lo && end <= hi && agg_.has_rows() && store::RowPages::all_live(page, shadow)) {
        count_live(pr, page.count);
      } else {
        for (std::size_t i = std::max(start, lo); i < std::min(end, hi); ++i)
          if (!read_row(pr, store::RowPages::row(page, i - start))) return;
      }
      start = end;
    }
  }

  // n live rows without tombstones, counted as read_row would count them one by one.
  void count_live(PartitionRead& pr, std::size_t n) {
    const std::size_t before = pr.scanned_rows;
    pr.scanned_rows += n;
    if ((before >> 12) != (pr.scanned_rows >> 12)) check_interrupted();
    agg_.add_rows(static_cast<std::int64_t>(n));
    pr.in_partition += static_cast<std::int64_t>(n);
    pr.any_row = true;
    // A page of the read ends at each page_rows_th live row: the tombstones counted by then
    // (none in these rows) may warn.
    for (std::uint64_t left = n; left > 0;) {
      const std::uint64_t room = page_rows_ - live_read_;
      if (left < room) {
        live_read_ += left;
        break;
      }
      left -= room;
      live_read_ = page_rows_;
      end_page();
    }
  }

  void finish() {
    if (aggregating_) {
      // Without GROUP BY an aggregate always answers one row (count 0 on no data).
      if (!plan_.grouped)
        rows_.rows.push_back(agg_.finish());
      else if (agg_.has_rows() && !limit_reached())
        finish_group();
      bool pk_restricted = r_.token.has_value();
      for (int c : t_.partition_key) pk_restricted = pk_restricted || column_restricted(r_, c);
      if (!pk_restricted)
        rows_.warnings.push_back("Aggregation query used without partition key");
      else if (r_.partition_key_in)
        rows_.warnings.push_back("Aggregation query used on multiple partition keys (IN restriction)");
    }
    if (ann_) {  // best score first; equal scores keep the scan's (token, clustering) order
      std::stable_sort(scored_.begin(), scored_.end(), [](const auto& a, const auto& b) { return a.first > b.first; });
      for (auto& [score, v] : scored_) {
        if (static_cast<std::int64_t>(rows_.rows.size()) >= *plan_.limit) break;
        rows_.rows.push_back(std::move(v));
      }
    }
    if (post_sort_) {
      std::stable_sort(pending_.begin(), pending_.end(), [&](const auto& a, const auto& b) {
        int c = cmp_.compare(a.first, b.first);
        return plan_.reversed ? c > 0 : c < 0;
      });
      for (auto& [k, v] : pending_) {
        if (plan_.limit && static_cast<std::int64_t>(rows_.rows.size()) >= *plan_.limit) break;
        rows_.rows.push_back(std::move(v));
      }
    }
    rows_.complete = (aggregating_ && !plan_.grouped) ||
                     (plan_.limit && (limit_reached() || static_cast<std::int64_t>(rows_.rows.size()) >= *plan_.limit));
    // After the aggregation warning: Cassandra gives that one before it reads.
    end_page();
    if (tombstone_warned_) rows_.warnings.push_back(std::move(*tombstone_warned_));
  }

  Database& db_;
  Session& session_;
  const ast::Select& s_;
  const schema::TableSchema& t_;
  const Plan& plan_;
  const SelectRestrictions& r_;
  const FunctionContext& ctx_;
  const store::TableStore& st_;
  const store::ClusteringComparator& cmp_;
  const std::int64_t now_s_;
  Matcher match_;
  ReadBuffers buf_;
  std::optional<Slice> slice_;
  bool clustering_or_regular_restricted_ = false;
  Rows rows_;
  const bool aggregating_, post_sort_, ann_;
  Aggregator agg_;  // with no state when the query aggregates nothing
  bool count_only_ = false;
  const std::function<void(const std::vector<Value>&)>* sink_ = nullptr;
  std::string group_key_, row_group_, next_group_;  // GROUP BY: the current group and this row's
  std::string group_clustering_;
  // Rows to sort after reading (ORDER BY across IN partitions): (clustering, values).
  std::vector<std::pair<std::string, std::vector<Value>>> pending_;
  // ANN: every matching row with a vector, scored; the best LIMIT of them are the result.
  std::vector<std::pair<float, std::vector<Value>>> scored_;
  std::int64_t emitted_ = 0;
  const std::uint64_t page_rows_;
  std::uint64_t tombstones_ = 0, live_read_ = 0;
  // The last stored partition whose rows were read (the store does not change during a SELECT).
  const store::Partition* last_read_ = nullptr;
  std::optional<std::string> tombstone_warned_;
};

}  // namespace

Result execute_select(Database& db, Session& session, const ast::Select& s, const schema::TableSchema& t) {
  const FunctionContext ctx = db.functions();
  PlanForSelect planned(db, t, s, ctx);
  Plan& plan = planned.plan();
  std::vector<std::string> topk_warnings;
  bind_limits(plan, s, session, topk_warnings);
  check_read_replicas(db, session, t, plan.where);
  return SelectRun(db, session, s, t, plan, ctx).run(std::move(topk_warnings));
}

}  // namespace cqlbox::exec
