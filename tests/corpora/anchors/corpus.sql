BEGIN TRANSACTION;
CREATE TABLE account_log (
	entry INTEGER NOT NULL, 
	at DATETIME NOT NULL, 
	actor VARCHAR(64) NOT NULL, 
	account VARCHAR(64) NOT NULL, 
	action VARCHAR(64) NOT NULL, 
	detail TEXT NOT NULL, 
	CONSTRAINT pk_account_log PRIMARY KEY (entry)
);
CREATE TABLE accounts (
	account_id INTEGER NOT NULL, 
	name VARCHAR(64) NOT NULL, 
	password_hash VARCHAR(255) NOT NULL, 
	roles VARCHAR(400) NOT NULL, 
	employee_id VARCHAR(200), 
	disabled BOOLEAN NOT NULL, 
	must_change_password BOOLEAN NOT NULL, 
	created_at DATETIME NOT NULL, totp_secret VARCHAR(64), totp_confirmed_at DATETIME, totp_last_step BIGINT, 
	CONSTRAINT pk_accounts PRIMARY KEY (account_id), 
	CONSTRAINT uq_accounts_name UNIQUE (name)
);
CREATE TABLE alembic_version (
	version_num VARCHAR(32) NOT NULL, 
	CONSTRAINT alembic_version_pkc PRIMARY KEY (version_num)
);
INSERT INTO "alembic_version" VALUES('0012_anchor_orgs');
CREATE TABLE anchor_heads (
	anchor_id INTEGER NOT NULL, 
	stream VARCHAR(200) NOT NULL, 
	version INTEGER NOT NULL, 
	hash VARCHAR(64) NOT NULL, 
	CONSTRAINT pk_anchor_heads PRIMARY KEY (anchor_id, stream), 
	CONSTRAINT fk_anchor_heads_anchor_id_anchors FOREIGN KEY(anchor_id) REFERENCES anchors (anchor_id)
);
INSERT INTO "anchor_heads" VALUES(1,'books-alpha',2,'43fd47d67bac463f61da77e7997aba4dbaa3b28bc3f0bb8ef3a72809c7651a2d');
INSERT INTO "anchor_heads" VALUES(1,'live-t1',1,'92cb8ff6a32c094207ae7a9beab2f0d50be74b65feb7b55829e6107d4e5f28c7');
INSERT INTO "anchor_heads" VALUES(2,'books-alpha',2,'43fd47d67bac463f61da77e7997aba4dbaa3b28bc3f0bb8ef3a72809c7651a2d');
INSERT INTO "anchor_heads" VALUES(2,'live-t1',1,'92cb8ff6a32c094207ae7a9beab2f0d50be74b65feb7b55829e6107d4e5f28c7');
INSERT INTO "anchor_heads" VALUES(3,'books-beta',1,'62594e4f434cdd3fdf678c63b67b3654fb42f2b8f6fd710fd8dc710031e3b317');
INSERT INTO "anchor_heads" VALUES(3,'live-beta.t1',1,'1d1b887256701dfec143de5a640ad5c170e208f3fe6b9c6ec888414763e418df');
INSERT INTO "anchor_heads" VALUES(4,'books-alpha',3,'178c93f7e1876196026059da0b7424c184f0b99dab0a7cdc4e2693719c65a9a0');
INSERT INTO "anchor_heads" VALUES(4,'live-t1',1,'92cb8ff6a32c094207ae7a9beab2f0d50be74b65feb7b55829e6107d4e5f28c7');
CREATE TABLE anchor_refusals (
	refusal_id INTEGER NOT NULL, 
	refused_at DATETIME NOT NULL, 
	after_anchor INTEGER, 
	problem TEXT NOT NULL, org_id VARCHAR(200), 
	CONSTRAINT pk_anchor_refusals PRIMARY KEY (refusal_id)
);
CREATE TABLE anchors (
	anchor_id INTEGER NOT NULL, 
	digest VARCHAR(64) NOT NULL, 
	signed_at DATETIME NOT NULL, 
	heads TEXT NOT NULL, 
	line TEXT NOT NULL, org_id VARCHAR(200), 
	CONSTRAINT pk_anchors PRIMARY KEY (anchor_id), 
	CONSTRAINT uq_anchors_digest UNIQUE (digest)
);
INSERT INTO "anchors" VALUES(1,'27c816f09a8d06e9d40f9b34d0661088b7181619730e145a80528041b4b04cf5','2026-11-28 18:00:00.000000','{"heads":[["books-alpha",2,"43fd47d67bac463f61da77e7997aba4dbaa3b28bc3f0bb8ef3a72809c7651a2d"],["live-t1",1,"92cb8ff6a32c094207ae7a9beab2f0d50be74b65feb7b55829e6107d4e5f28c7"]],"prev":"0000000000000000000000000000000000000000000000000000000000000000"}','croupier-anchor:1:eyJhdCI6IjIwMjYtMTEtMjhUMTg6MDA6MDArMDA6MDAiLCJkaWdlc3QiOiIyN2M4MTZmMDlhOGQwNmU5ZDQwZjliMzRkMDY2MTA4OGI3MTgxNjE5NzMwZTE0NWE4MDUyODA0MWI0YjA0Y2Y1IiwiZXZlbnRzIjozLCJrZXkiOiI4MjMxNmM2OWRlNjVhNWQ0IiwicHJldiI6IjAwMDAwMDAwMDAwMDAwMDAwMDAwMDAwMDAwMDAwMDAwMDAwMDAwMDAwMDAwMDAwMDAwMDAwMDAwMDAwMDAwMDAiLCJzdHJlYW1zIjoyLCJ2IjoxfQ:si7GIncQcA8ddu_2_Qrzwr0zIiNGoMaBjNPJZYucU3ZMGb5Nl9AQg_tz5sq_xRHoEYRwV0vOmFe0ovOTCYRHBA',NULL);
INSERT INTO "anchors" VALUES(2,'4662e39b6a057ced72eb87976e5d06f6ccfadee2f6340845e2bf5faf94e747b8','2026-11-28 18:01:00.000000','{"heads":[["books-alpha",2,"43fd47d67bac463f61da77e7997aba4dbaa3b28bc3f0bb8ef3a72809c7651a2d"],["live-t1",1,"92cb8ff6a32c094207ae7a9beab2f0d50be74b65feb7b55829e6107d4e5f28c7"]],"org":"alpha","prev":"0000000000000000000000000000000000000000000000000000000000000000"}','croupier-anchor:2:eyJhdCI6IjIwMjYtMTEtMjhUMTg6MDE6MDArMDA6MDAiLCJkaWdlc3QiOiI0NjYyZTM5YjZhMDU3Y2VkNzJlYjg3OTc2ZTVkMDZmNmNjZmFkZWUyZjYzNDA4NDVlMmJmNWZhZjk0ZTc0N2I4IiwiZXZlbnRzIjozLCJrZXkiOiJlMjJiMTg1MjE1OTU2YTIxIiwib3JnIjoiYWxwaGEiLCJwcmV2IjoiMDAwMDAwMDAwMDAwMDAwMDAwMDAwMDAwMDAwMDAwMDAwMDAwMDAwMDAwMDAwMDAwMDAwMDAwMDAwMDAwMDAwMCIsInN0cmVhbXMiOjIsInYiOjJ9:OkfC_9Q9eNqlfpSioZKRhV5mzbojhp5LAGa5k_4BdJu-KF9rEh2rgcxz1q7EyGs54ZTaWmzYq-fwFaAlDnJ2Aw','alpha');
INSERT INTO "anchors" VALUES(3,'86653fe4f80af0185c65bd15f69c521183ccc1a2652f31d62266a8c24a6d8dab','2026-11-28 18:02:00.000000','{"heads":[["books-beta",1,"62594e4f434cdd3fdf678c63b67b3654fb42f2b8f6fd710fd8dc710031e3b317"],["live-beta.t1",1,"1d1b887256701dfec143de5a640ad5c170e208f3fe6b9c6ec888414763e418df"]],"org":"beta","prev":"0000000000000000000000000000000000000000000000000000000000000000"}','croupier-anchor:2:eyJhdCI6IjIwMjYtMTEtMjhUMTg6MDI6MDArMDA6MDAiLCJkaWdlc3QiOiI4NjY1M2ZlNGY4MGFmMDE4NWM2NWJkMTVmNjljNTIxMTgzY2NjMWEyNjUyZjMxZDYyMjY2YThjMjRhNmQ4ZGFiIiwiZXZlbnRzIjoyLCJrZXkiOiIyYWJlYjNlOWM5ZDg2ZTg3Iiwib3JnIjoiYmV0YSIsInByZXYiOiIwMDAwMDAwMDAwMDAwMDAwMDAwMDAwMDAwMDAwMDAwMDAwMDAwMDAwMDAwMDAwMDAwMDAwMDAwMDAwMDAwMDAwIiwic3RyZWFtcyI6MiwidiI6Mn0:NqzyFlWj-gzio9ZfYIaVK_GjXfmWGLkjGuxzvrPlbT1ralHxgkxfgoXPSfOZpUsCBjBZJi1-aQQdklPVOUpoCw','beta');
INSERT INTO "anchors" VALUES(4,'ca7598bc382ddc6204d0f7ef4afb579ada825e05ec2a1ddcda63ef8ef720cc1b','2026-11-28 18:05:00.000000','{"heads":[["books-alpha",3,"178c93f7e1876196026059da0b7424c184f0b99dab0a7cdc4e2693719c65a9a0"],["live-t1",1,"92cb8ff6a32c094207ae7a9beab2f0d50be74b65feb7b55829e6107d4e5f28c7"]],"org":"alpha","prev":"4662e39b6a057ced72eb87976e5d06f6ccfadee2f6340845e2bf5faf94e747b8"}','croupier-anchor:2:eyJhdCI6IjIwMjYtMTEtMjhUMTg6MDU6MDArMDA6MDAiLCJkaWdlc3QiOiJjYTc1OThiYzM4MmRkYzYyMDRkMGY3ZWY0YWZiNTc5YWRhODI1ZTA1ZWMyYTFkZGNkYTYzZWY4ZWY3MjBjYzFiIiwiZXZlbnRzIjo0LCJrZXkiOiJlMjJiMTg1MjE1OTU2YTIxIiwib3JnIjoiYWxwaGEiLCJwcmV2IjoiNDY2MmUzOWI2YTA1N2NlZDcyZWI4Nzk3NmU1ZDA2ZjZjY2ZhZGVlMmY2MzQwODQ1ZTJiZjVmYWY5NGU3NDdiOCIsInN0cmVhbXMiOjIsInYiOjJ9:Id9QB0OU_kYpqz6E37aRKTYpSuDDx_ZhA-Kaqf2sDV2zp3wdlokjypPvg3-aul-kZighOXgoymv5s9axV4n3AA','alpha');
CREATE TABLE event_streams (
	stream VARCHAR(200) NOT NULL, 
	version INTEGER NOT NULL, 
	CONSTRAINT pk_event_streams PRIMARY KEY (stream), 
	CONSTRAINT ck_event_streams_ck_event_streams_version_not_negative CHECK (version >= 0)
);
INSERT INTO "event_streams" VALUES('books-alpha',3);
INSERT INTO "event_streams" VALUES('live-t1',1);
INSERT INTO "event_streams" VALUES('books-beta',1);
INSERT INTO "event_streams" VALUES('live-beta.t1',1);
CREATE TABLE events (
	position INTEGER NOT NULL, 
	stream VARCHAR(200) NOT NULL, 
	seq INTEGER NOT NULL, 
	type VARCHAR(200) NOT NULL, 
	payload TEXT NOT NULL, 
	recorded_at DATETIME NOT NULL, 
	prev_hash VARCHAR(64) NOT NULL, 
	hash VARCHAR(64) NOT NULL, 
	CONSTRAINT pk_events PRIMARY KEY (position), 
	CONSTRAINT ck_events_ck_events_seq_positive CHECK (seq >= 1), 
	CONSTRAINT uq_events_stream_seq UNIQUE (stream, seq)
);
INSERT INTO "events" VALUES(1,'books-alpha',1,'corpus.anchors.moved','{"cents":100}','2026-11-28 18:00:00.000000','0000000000000000000000000000000000000000000000000000000000000000','657790fd1ebfaed03db51492729f4415021ac0a94b9996f359fdbcaf110d50eb');
INSERT INTO "events" VALUES(2,'books-alpha',2,'corpus.anchors.moved','{"cents":200}','2026-11-28 18:00:00.000000','657790fd1ebfaed03db51492729f4415021ac0a94b9996f359fdbcaf110d50eb','43fd47d67bac463f61da77e7997aba4dbaa3b28bc3f0bb8ef3a72809c7651a2d');
INSERT INTO "events" VALUES(3,'live-t1',1,'corpus.anchors.moved','{"cents":5}','2026-11-28 18:00:00.000000','0000000000000000000000000000000000000000000000000000000000000000','92cb8ff6a32c094207ae7a9beab2f0d50be74b65feb7b55829e6107d4e5f28c7');
INSERT INTO "events" VALUES(4,'books-beta',1,'corpus.anchors.moved','{"cents":7}','2026-11-28 18:00:00.000000','0000000000000000000000000000000000000000000000000000000000000000','62594e4f434cdd3fdf678c63b67b3654fb42f2b8f6fd710fd8dc710031e3b317');
INSERT INTO "events" VALUES(5,'live-beta.t1',1,'corpus.anchors.moved','{"cents":9}','2026-11-28 18:00:00.000000','0000000000000000000000000000000000000000000000000000000000000000','1d1b887256701dfec143de5a640ad5c170e208f3fe6b9c6ec888414763e418df');
INSERT INTO "events" VALUES(6,'books-alpha',3,'corpus.anchors.moved','{"cents":300}','2026-11-28 18:00:00.000000','43fd47d67bac463f61da77e7997aba4dbaa3b28bc3f0bb8ef3a72809c7651a2d','178c93f7e1876196026059da0b7424c184f0b99dab0a7cdc4e2693719c65a9a0');
CREATE TABLE login_throttle (
	"key" VARCHAR(300) NOT NULL, 
	failures INTEGER NOT NULL, 
	last_failure_at DATETIME NOT NULL, 
	locked_until DATETIME, 
	CONSTRAINT pk_login_throttle PRIMARY KEY ("key")
);
CREATE TABLE memberships (
	account_id INTEGER NOT NULL, 
	org_id VARCHAR(200) NOT NULL, 
	roles VARCHAR(400) NOT NULL, 
	employee_id VARCHAR(200), 
	CONSTRAINT pk_memberships PRIMARY KEY (account_id, org_id), 
	CONSTRAINT fk_memberships_account_id_accounts FOREIGN KEY(account_id) REFERENCES accounts (account_id), 
	CONSTRAINT fk_memberships_org_id_organizations FOREIGN KEY(org_id) REFERENCES organizations (org_id)
);
CREATE TABLE organizations (
	org_id VARCHAR(200) NOT NULL, 
	legacy BOOLEAN NOT NULL, 
	created_at DATETIME NOT NULL, 
	CONSTRAINT pk_organizations PRIMARY KEY (org_id)
);
INSERT INTO "organizations" VALUES('alpha',1,'2026-11-28 18:00:00.000000');
INSERT INTO "organizations" VALUES('beta',0,'2026-11-28 18:00:00.000000');
CREATE TABLE pending_sign_ins (
	token_hash VARCHAR(64) NOT NULL, 
	account_id INTEGER NOT NULL, 
	address VARCHAR(200) NOT NULL, 
	expires_at DATETIME NOT NULL, 
	tries INTEGER NOT NULL, 
	CONSTRAINT pk_pending_sign_ins PRIMARY KEY (token_hash), 
	CONSTRAINT fk_pending_sign_ins_account_id_accounts FOREIGN KEY(account_id) REFERENCES accounts (account_id)
);
CREATE TABLE recovery_codes (
	account_id INTEGER NOT NULL, 
	code_hash VARCHAR(64) NOT NULL, 
	created_at DATETIME NOT NULL, 
	used_at DATETIME, 
	CONSTRAINT pk_recovery_codes PRIMARY KEY (account_id, code_hash), 
	CONSTRAINT fk_recovery_codes_account_id_accounts FOREIGN KEY(account_id) REFERENCES accounts (account_id)
);
CREATE TABLE slip_asks (
	ask_id INTEGER NOT NULL, 
	org_id VARCHAR(200) NOT NULL, 
	kind VARCHAR(16) NOT NULL, 
	site VARCHAR(200) NOT NULL, 
	table_number INTEGER NOT NULL, 
	chips VARCHAR(400) NOT NULL, 
	live_table VARCHAR(64) NOT NULL, 
	asked_by_account VARCHAR(64) NOT NULL, 
	asked_at DATETIME NOT NULL, 
	status VARCHAR(16) NOT NULL, 
	draft_id INTEGER, 
	CONSTRAINT pk_slip_asks PRIMARY KEY (ask_id)
);
CREATE TABLE slip_drafts (
	draft_id INTEGER NOT NULL, 
	org_id VARCHAR(200) NOT NULL, 
	kind VARCHAR(16) NOT NULL, 
	site VARCHAR(200) NOT NULL, 
	table_number INTEGER NOT NULL, 
	chips VARCHAR(400) NOT NULL, 
	cashier VARCHAR(200) NOT NULL, 
	jar_bar BOOLEAN NOT NULL, 
	preparer_account VARCHAR(64) NOT NULL, 
	preparer_employee VARCHAR(200) NOT NULL, 
	prepared_at DATETIME NOT NULL, 
	status VARCHAR(16) NOT NULL, 
	closed_by_account VARCHAR(64), 
	closed_at DATETIME, 
	number INTEGER, form INTEGER, 
	CONSTRAINT pk_slip_drafts PRIMARY KEY (draft_id)
);
CREATE TABLE verify_runs (
	run_id INTEGER NOT NULL, 
	finished_at DATETIME NOT NULL, 
	streams INTEGER NOT NULL, 
	events INTEGER NOT NULL, 
	problem TEXT, detail TEXT, 
	CONSTRAINT pk_verify_runs PRIMARY KEY (run_id)
);
CREATE TABLE web_sessions (
	token_hash VARCHAR(64) NOT NULL, 
	account_id INTEGER NOT NULL, 
	created_at DATETIME NOT NULL, 
	last_seen_at DATETIME NOT NULL, 
	expires_at DATETIME NOT NULL, org_id VARCHAR(200), 
	CONSTRAINT pk_web_sessions PRIMARY KEY (token_hash), 
	CONSTRAINT fk_web_sessions_account_id_accounts FOREIGN KEY(account_id) REFERENCES accounts (account_id)
);
CREATE TRIGGER events_no_update BEFORE UPDATE ON events BEGIN SELECT RAISE(ABORT, 'croupier event store is append-only'); END;
CREATE TRIGGER events_no_delete BEFORE DELETE ON events BEGIN SELECT RAISE(ABORT, 'croupier event store is append-only'); END;
CREATE TRIGGER event_streams_no_delete BEFORE DELETE ON event_streams BEGIN SELECT RAISE(ABORT, 'croupier event store is append-only'); END;
CREATE TRIGGER event_streams_no_rewind BEFORE UPDATE ON event_streams WHEN NEW.version < OLD.version OR NEW.stream <> OLD.stream BEGIN SELECT RAISE(ABORT, 'croupier event store is append-only'); END;
CREATE TRIGGER account_log_no_update BEFORE UPDATE ON account_log BEGIN SELECT RAISE(ABORT, 'croupier account log is append-only'); END;
CREATE TRIGGER account_log_no_delete BEFORE DELETE ON account_log BEGIN SELECT RAISE(ABORT, 'croupier account log is append-only'); END;
CREATE INDEX ix_events_stream_type_seq ON events (stream, type, seq);
CREATE INDEX ix_anchor_heads_stream ON anchor_heads (stream, anchor_id);
CREATE TRIGGER anchors_no_update BEFORE UPDATE ON anchors BEGIN SELECT RAISE(ABORT, 'croupier anchors are append-only'); END;
CREATE TRIGGER anchors_no_delete BEFORE DELETE ON anchors BEGIN SELECT RAISE(ABORT, 'croupier anchors are append-only'); END;
CREATE TRIGGER anchor_heads_no_update BEFORE UPDATE ON anchor_heads BEGIN SELECT RAISE(ABORT, 'croupier anchors are append-only'); END;
CREATE TRIGGER anchor_heads_no_delete BEFORE DELETE ON anchor_heads BEGIN SELECT RAISE(ABORT, 'croupier anchors are append-only'); END;
CREATE TRIGGER anchor_refusals_no_update BEFORE UPDATE ON anchor_refusals BEGIN SELECT RAISE(ABORT, 'croupier anchors are append-only'); END;
CREATE TRIGGER anchor_refusals_no_delete BEFORE DELETE ON anchor_refusals BEGIN SELECT RAISE(ABORT, 'croupier anchors are append-only'); END;
CREATE INDEX ix_memberships_org_id ON memberships (org_id);
CREATE INDEX ix_anchors_org_id ON anchors (org_id, anchor_id);
COMMIT;
