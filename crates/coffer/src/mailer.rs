//! Real mail over SMTP (lettre). The outbox mailer for machines without one is in the store.

use coffer_domain::mail::{Mail, Mailer};
use lettre::message::Mailbox;
use lettre::transport::smtp::authentication::Credentials;
use lettre::{AsyncSmtpTransport, AsyncTransport, Message, Tokio1Executor};
use std::time::Duration;

use crate::config::{MailConfig, SmtpTls};

pub struct SmtpMailer {
    transport: AsyncSmtpTransport<Tokio1Executor>,
    from: Mailbox,
}

impl SmtpMailer {
    pub fn new(config: &MailConfig) -> anyhow::Result<Self> {
        let smtp = &config.smtp;
        let builder = match smtp.tls {
            SmtpTls::None => AsyncSmtpTransport::<Tokio1Executor>::builder_dangerous(&smtp.host),
            SmtpTls::Starttls => AsyncSmtpTransport::<Tokio1Executor>::starttls_relay(&smtp.host)?,
            SmtpTls::Tls => AsyncSmtpTransport::<Tokio1Executor>::relay(&smtp.host)?,
        };
        let mut builder = builder
            .port(smtp.port)
            .timeout(Some(Duration::from_secs(smtp.timeout_secs)));
        if !smtp.username.is_empty() {
            builder = builder.credentials(Credentials::new(
                smtp.username.clone(),
                smtp.password.expose().to_string(),
            ));
        }
        Ok(SmtpMailer {
            transport: builder.build(),
            from: config.from.parse()?,
        })
    }
}

#[async_trait::async_trait]
impl Mailer for SmtpMailer {
    async fn send(&self, mail: Mail) -> Result<(), String> {
        let to: Mailbox = mail.to.parse().map_err(|e| format!("recipient: {e}"))?;
        let message = Message::builder()
            .from(self.from.clone())
            .to(to)
            .subject(mail.subject)
            .body(mail.body)
            .map_err(|e| e.to_string())?;
        self.transport.send(message).await.map_err(|e| {
            tracing::error!(error = %e, "SMTP delivery failed");
            "mail delivery failed".to_string()
        })?;
        Ok(())
    }
}
