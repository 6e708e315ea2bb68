import type { Migration } from "kysely";
import * as createUsers from "./20261120T220000_create_users";
import * as createWorkerHeartbeats from "./20261120T220100_create_worker_heartbeats";
import * as createAccounts from "./20261120T230000_create_accounts";
import * as createLinks from "./20261121T000000_create_links";
import * as addAiEnrichment from "./20261121T010000_add_ai_enrichment";
import * as addTagSuggestions from "./20261121T020000_add_tag_suggestions";
import * as addSharing from "./20261121T030000_add_sharing";
import * as createPlanNotifySignups from "./20261121T040000_create_plan_notify_signups";
import * as createAuditEvents from "./20261124T000000_create_audit_events";
import * as createFeatureFlags from "./20261124T010000_create_feature_flags";
import * as createRoleGrants from "./20261124T020000_create_role_grants";
import * as addAdminStatsIndexes from "./20261124T030000_add_admin_stats_indexes";
import * as addJobOperations from "./20261124T050000_add_job_operations";
import * as indexForeignKeys from "./20261124T060000_index_foreign_keys";
import * as createPayments from "./20261124T070000_create_payments";
import * as createFavicons from "./20261124T110000_create_favicons";
import * as addChangeEmailTokens from "./20261124T120000_add_change_email_tokens";
import * as addLinkSoftDelete from "./20261125T010000_add_link_soft_delete";
import * as addLinkReaderDetails from "./20261125T020000_add_link_reader_details";
import * as createApiTokens from "./20261125T030000_create_api_tokens";
import * as createAffiliateRules from "./20261125T030100_create_affiliate_rules";
import * as createImports from "./20261125T040000_create_imports";
import * as createFetchCache from "./20261126T010000_create_fetch_cache";
import * as addLinkFetchRecord from "./20261126T010100_add_link_fetch_record";
import * as addLinkSearch from "./20261126T030000_add_link_search";
import * as boundSearchText from "./20261126T030100_bound_search_text";
import * as createBulkOperations from "./20261126T040000_create_bulk_operations";
import * as addLinkSearchRankVector from "./20261127T010000_add_link_search_rank_vector";
import * as indexSearchByUser from "./20261127T010100_index_search_by_user";
import * as compressPageTextWithLz4 from "./20261128T010000_compress_page_text_with_lz4";
import * as addBulkFailuresNotified from "./20261128T020000_add_bulk_failures_notified";
import * as storePageParseAsJson from "./20261128T030000_store_page_parse_as_json";
import * as searchVectorReusesRankVector from "./20261128T040000_search_vector_reuses_rank_vector";
import * as keepUserTagsApart from "./20261128T050000_keep_user_tags_apart";
import * as recordEnrichedWith from "./20261128T060000_record_enriched_with";
import * as indexDeletedLinksByUser from "./20261128T070000_index_deleted_links_by_user";
import * as addSessionAuthenticatedAt from "./20261129T010000_add_session_authenticated_at";
import * as savedSearchesAndDashboardView from "./20261129T040000_saved_searches_and_dashboard_view";
import * as indexPossibleDuplicates from "./20261129T060000_index_possible_duplicates";
import * as addReadState from "./20261129T070000_add_read_state";
import * as addReader from "./20261129T080000_add_reader";
import * as indexLiveLinksByStatus from "./20261129T090000_index_live_links_by_status";
import * as addHighlights from "./20261129T100000_add_highlights";
import * as addShareHighlights from "./20261129T100500_add_share_highlights";
import * as addWebhooks from "./20261129T120000_add_webhooks";
import * as addCards from "./20261129T130000_add_cards";
import * as addLinkCaptures from "./20261130T100000_add_link_captures";
import * as addFeeds from "./20261130T110000_add_feeds";
import * as addReviewDigest from "./20261130T120000_add_review_digest";
import * as addInstanceWebhooks from "./20261130T160000_add_instance_webhooks";

/**
 * Every migration, by name, in order. Explicit so that a bundled build still finds them;
 * add each new migration here.
 */
export const migrations: Record<string, Migration> = {
  "20261120T220000_create_users": createUsers,
  "20261120T220100_create_worker_heartbeats": createWorkerHeartbeats,
  "20261120T230000_create_accounts": createAccounts,
  "20261121T000000_create_links": createLinks,
  "20261121T010000_add_ai_enrichment": addAiEnrichment,
  "20261121T020000_add_tag_suggestions": addTagSuggestions,
  "20261121T030000_add_sharing": addSharing,
  "20261121T040000_create_plan_notify_signups": createPlanNotifySignups,
  "20261124T000000_create_audit_events": createAuditEvents,
  "20261124T010000_create_feature_flags": createFeatureFlags,
  "20261124T020000_create_role_grants": createRoleGrants,
  "20261124T030000_add_admin_stats_indexes": addAdminStatsIndexes,
  "20261124T050000_add_job_operations": addJobOperations,
  "20261124T060000_index_foreign_keys": indexForeignKeys,
  "20261124T070000_create_payments": createPayments,
  "20261124T110000_create_favicons": createFavicons,
  "20261124T120000_add_change_email_tokens": addChangeEmailTokens,
  "20261125T010000_add_link_soft_delete": addLinkSoftDelete,
  "20261125T020000_add_link_reader_details": addLinkReaderDetails,
  "20261125T030000_create_api_tokens": createApiTokens,
  "20261125T030100_create_affiliate_rules": createAffiliateRules,
  "20261125T040000_create_imports": createImports,
  "20261126T010000_create_fetch_cache": createFetchCache,
  "20261126T010100_add_link_fetch_record": addLinkFetchRecord,
  "20261126T030000_add_link_search": addLinkSearch,
  "20261126T030100_bound_search_text": boundSearchText,
  "20261126T040000_create_bulk_operations": createBulkOperations,
  "20261127T010000_add_link_search_rank_vector": addLinkSearchRankVector,
  "20261127T010100_index_search_by_user": indexSearchByUser,
  "20261128T010000_compress_page_text_with_lz4": compressPageTextWithLz4,
  "20261128T020000_add_bulk_failures_notified": addBulkFailuresNotified,
  "20261128T030000_store_page_parse_as_json": storePageParseAsJson,
  "20261128T040000_search_vector_reuses_rank_vector": searchVectorReusesRankVector,
  "20261128T050000_keep_user_tags_apart": keepUserTagsApart,
  "20261128T060000_record_enriched_with": recordEnrichedWith,
  "20261128T070000_index_deleted_links_by_user": indexDeletedLinksByUser,
  "20261129T010000_add_session_authenticated_at": addSessionAuthenticatedAt,
  "20261129T040000_saved_searches_and_dashboard_view": savedSearchesAndDashboardView,
  "20261129T060000_index_possible_duplicates": indexPossibleDuplicates,
  "20261129T070000_add_read_state": addReadState,
  "20261129T080000_add_reader": addReader,
  "20261129T090000_index_live_links_by_status": indexLiveLinksByStatus,
  "20261129T100000_add_highlights": addHighlights,
  "20261129T100500_add_share_highlights": addShareHighlights,
  "20261129T120000_add_webhooks": addWebhooks,
  "20261129T130000_add_cards": addCards,
  "20261130T100000_add_link_captures": addLinkCaptures,
  "20261130T110000_add_feeds": addFeeds,
  "20261130T120000_add_review_digest": addReviewDigest,
  "20261130T160000_add_instance_webhooks": addInstanceWebhooks,
};
